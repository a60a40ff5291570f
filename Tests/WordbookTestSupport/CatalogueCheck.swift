import Foundation
import Testing

/// Checks that a sentence is worded in both languages of the catalogues: the Korean in Hangul
/// with no English but the values it names, the English without Hangul, and each value the
/// English names named by the Korean too.
public enum CatalogueCheck {
  /// Records an issue for each way `english` and `korean` fail to be one sentence in two
  /// languages.
  ///
  /// - Parameters:
  ///   - english: The English sentence.
  ///   - korean: The Korean sentence.
  ///   - values: The values the sentences may name (file names, numbers, fields): each one
  ///     the English names, the Korean must name too.
  ///   - names: Words that stay as they are in Korean: formats, programs, commands, options.
  public static func expectBoth(
    _ english: String, _ korean: String, values: [String], names: [String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    func hasHangul(_ text: String) -> Bool {
      text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }
    }
    #expect(hasHangul(korean), "\(korean)", sourceLocation: sourceLocation)
    #expect(!hasHangul(english), "\(english)", sourceLocation: sourceLocation)
    for value in values where english.contains(value) {
      #expect(korean.contains(value), "\(korean)", sourceLocation: sourceLocation)
    }
    // Longest first, so that a name holding a shorter one goes whole.
    var rest = korean
    for name in (values + names).sorted(by: { $0.count > $1.count }) {
      rest = rest.replacingOccurrences(of: name, with: "")
    }
    let english = rest.unicodeScalars.filter { $0.properties.isAlphabetic && $0.isASCII }
    #expect(english.isEmpty, "English in \(korean)", sourceLocation: sourceLocation)
  }
}
