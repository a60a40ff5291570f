#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The review settings as a database keeps them: a JSON object in a text setting, written and
/// read the same way by every service that stores them.
extension ReviewSettings {
  /// Reads settings a database kept as ``storedJSON(path:)`` wrote them.
  ///
  /// - Parameters:
  ///   - json: The stored JSON object.
  ///   - path: The database, for the error.
  /// - Throws: `WordServiceError` of kind ``WordServiceError/Kind/corrupted`` when the text is
  ///   not settings this Wordbook can read.
  package init(storedJSON json: String, path: String) throws(WordServiceError) {
    do {
      self = try JSONDecoder().decode(ReviewSettings.self, from: Data(json.utf8))
    } catch {
      throw WordServiceError.storage(
        .corrupted, .damaged(detail: "unreadable review settings: \(error)"),
        during: .readSettings, path: path)
    }
  }

  /// The settings as the JSON object a database keeps.
  ///
  /// - Parameter path: The database, for the error.
  /// - Throws: `WordServiceError` of kind ``WordServiceError/Kind/other`` when the settings
  ///   cannot be encoded.
  package func storedJSON(path: String) throws(WordServiceError) -> String {
    do {
      return String(decoding: try JSONEncoder().encode(self), as: UTF8.self)
    } catch {
      throw WordServiceError.storage(
        .other, .system(detail: "\(error)"), during: .saveSettings, path: path)
    }
  }
}
