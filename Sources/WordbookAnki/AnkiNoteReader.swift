import WordbookInterchange

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Turns the fields of an Anki note (its `flds` column) into a card.
///
/// Fields are separated by the unit separator (0x1f). The chosen term and meaning fields
/// become plain text as for Anki's text exports, except that `<script>` and `<style>` elements
/// are dropped with their content (a browser never shows it) and `[sound:…]` tags are taken
/// out and listed as sounds. Pictures are listed from the `src` of every `<img>` tag of every
/// field, since the picture of a card may sit on either side.
public enum AnkiNoteReader {
  /// The byte between two fields of a note.
  static let fieldSeparator: Character = "\u{1F}"
  /// The longest field, in UTF-8 bytes: the same 1 MiB as a record of a text import, so that
  /// one note cannot hand the word service a term or meaning no text file could.
  public static let maximumFieldLength = FlashcardReadOptions().maximumRecordLength

  /// The card a note holds.
  ///
  /// - Parameters:
  ///   - fields: The note's `flds` text.
  ///   - number: The note's 1-based position, for the problem a rejected note becomes.
  ///   - termField: The 1-based field that holds the term.
  ///   - meaningField: The 1-based field that holds the meaning.
  /// - Returns: The card, or why the note cannot be one: its term is empty, it has fewer
  ///   fields than the term field's position, or a field is longer than
  ///   ``maximumFieldLength``.
  public static func note(
    fields: String, number: Int, termField: Int = 1, meaningField: Int = 2
  ) -> Result<AnkiNote, AnkiNoteProblem> {
    let parts = fields.split(separator: fieldSeparator, omittingEmptySubsequences: false)
    if fields.utf8.count > maximumFieldLength,
      parts.contains(where: { $0.utf8.count > maximumFieldLength })
    {
      let reason = LineProblem.Reason.tooLong(limit: maximumFieldLength)
      return .failure(AnkiNoteProblem(note: number, reason: reason))
    }
    guard termField >= 1, termField <= parts.count else {
      let reason = LineProblem.Reason.tooFewFields(found: parts.count, expected: max(termField, 1))
      return .failure(AnkiNoteProblem(note: number, reason: reason))
    }
    var note = AnkiNote(term: "", meaning: "")
    for part in parts {
      note.images += imageSources(in: part)
      note.sounds += soundNames(in: part)
    }
    note.term = plainText(parts[termField - 1])
    if meaningField >= 1 && meaningField <= parts.count {
      note.meaning = plainText(parts[meaningField - 1])
    }
    guard !note.term.isEmpty else {
      return .failure(AnkiNoteProblem(note: number, reason: .emptyTerm))
    }
    return .success(note)
  }

  /// A field as the text a learner reads.
  static func plainText(_ field: Substring) -> String {
    var text = String(field)
    for element in ["script", "style"] { text = removingElements(element, from: text) }
    text = removingSoundTags(from: text)
    return HTMLText.plainText(text)
  }

  /// `html` without the elements named `name` and their content. An element that is never
  /// closed runs to the end of the field, as it would in a browser.
  private static func removingElements(_ name: String, from html: String) -> String {
    var result = ""
    var rest = Substring(html)
    while let open = rest.firstRange(ignoringASCIICase: "<" + name) {
      result += rest[..<open.lowerBound]
      let closing = "</" + name
      guard let close = rest[open.upperBound...].firstRange(ignoringASCIICase: closing)
      else { return result }
      rest = rest[close.upperBound...]
      if let end = rest.firstIndex(of: ">") { rest = rest[rest.index(after: end)...] }
    }
    return result + rest
  }

  private static func removingSoundTags(from text: String) -> String {
    var result = ""
    var rest = Substring(text)
    while let open = rest.firstRange(of: "[sound:"),
      let close = rest[open.upperBound...].firstIndex(of: "]")
    {
      result += rest[..<open.lowerBound]
      rest = rest[rest.index(after: close)...]
    }
    return result + rest
  }

  private static func soundNames(in field: Substring) -> [String] {
    var names: [String] = []
    var rest = field
    while let open = rest.firstRange(of: "[sound:"),
      let close = rest[open.upperBound...].firstIndex(of: "]")
    {
      names.append(String(rest[open.upperBound..<close]))
      rest = rest[rest.index(after: close)...]
    }
    return names
  }

  /// The `src` values of the `<img>` tags in `html`, entities decoded.
  static func imageSources(in html: Substring) -> [String] {
    var sources: [String] = []
    var rest = html
    while let open = rest.firstRange(ignoringASCIICase: "<img") {
      let tagEnd = rest[open.upperBound...].firstIndex(of: ">") ?? rest.endIndex
      let tag = rest[open.upperBound..<tagEnd]
      if let source = attribute("src", in: tag), !source.isEmpty { sources.append(source) }
      rest = rest[tagEnd...]
    }
    return sources
  }

  /// The value of attribute `name` in a tag's text, quoted or not.
  private static func attribute(_ name: String, in tag: Substring) -> String? {
    var rest = tag
    while let found = rest.firstRange(ignoringASCIICase: name) {
      let before =
        found.lowerBound == rest.startIndex ? " " : rest[rest.index(before: found.lowerBound)]
      var after = rest[found.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" }
      rest = rest[found.upperBound...]
      guard before.isWhitespace, after.first == "=" else { continue }
      after = after.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\n" }
      let value: Substring
      if let quote = after.first, quote == "\"" || quote == "'" {
        value = after.dropFirst().prefix { $0 != quote }
      } else {
        value = after.prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" }
      }
      return HTMLText.plainText(String(value))
    }
    return nil
  }
}

extension Substring {
  /// The first range of `needle`, ignoring the case of ASCII letters, as HTML's tag and
  /// attribute names do.
  fileprivate func firstRange(ignoringASCIICase needle: String) -> Range<Index>? {
    let pattern = needle.utf8.map(Self.lowercasedASCII)
    guard let first = pattern.first else { return startIndex..<startIndex }
    let bytes = utf8
    var start = bytes.startIndex
    while let found = bytes[start...].firstIndex(where: { Self.lowercasedASCII($0) == first }) {
      var end = found
      var matched = 0
      while matched < pattern.count, end != bytes.endIndex,
        Self.lowercasedASCII(bytes[end]) == pattern[matched]
      {
        bytes.formIndex(after: &end)
        matched += 1
      }
      if matched == pattern.count { return found..<end }
      start = bytes.index(after: found)
    }
    return nil
  }

  private static func lowercasedASCII(_ byte: UInt8) -> UInt8 {
    (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
  }
}
