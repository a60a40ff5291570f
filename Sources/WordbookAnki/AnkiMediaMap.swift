#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The `media` member of a package: which member holds each media file, by its name in the
/// notes.
///
/// Packages from Anki before 2.1.50 (and from `genanki`) store it as a JSON object such as
/// `{"0": "cat.jpg"}`. Newer packages store a zstd-compressed protobuf list instead, and their
/// media members are compressed too; that form is not read, and ``isSupported`` is `false`
/// rather than guessing, so the cards import without their pictures and the summary says so.
struct AnkiMediaMap: Hashable, Sendable {
  /// The member that holds each media name.
  var members: [String: String]
  /// Whether the map could be read; `false` for a map in a form this reader does not know.
  var isSupported: Bool

  /// No media.
  static let empty = AnkiMediaMap(members: [:], isSupported: true)

  /// Reads the map from the `media` member's bytes.
  init(bytes: [UInt8]) {
    guard let object = try? JSONDecoder().decode([String: MemberName].self, from: Data(bytes))
    else {
      self.init(members: [:], isSupported: false)
      return
    }
    var members: [String: String] = [:]
    for (member, name) in object {
      if let name = name.text { members[name] = member }
    }
    self.init(members: members, isSupported: true)
  }

  init(members: [String: String], isSupported: Bool) {
    self.members = members
    self.isSupported = isSupported
  }
}

/// A value of the `media` map: a file name, or `nil` for a value of another JSON type, which
/// is skipped rather than failing the whole map.
private struct MemberName: Decodable {
  var text: String?

  init(from decoder: any Decoder) throws {
    text = try? decoder.singleValueContainer().decode(String.self)
  }
}
