import Wordbook

/// A record of a flashcard file that was rejected: the line it starts on, the start of its
/// text and why.
///
/// It carries values only; ``message(in:file:)`` words it in a language, from that language's
/// catalogue.
public struct LineProblem: Hashable, Sendable {
  /// Why a record was rejected; ``clause(in:)`` words it.
  public enum Reason: Hashable, Sendable {
    /// The record has no separator between term and meaning.
    case missingSeparator(String)
    /// The record has more separators than the format allows.
    case tooManySeparators(found: Int, separator: String)
    /// The record has more fields than the header or the first row.
    case tooManyFields(found: Int, expected: Int)
    /// The record ends before the column that holds the term or the meaning.
    case tooFewFields(found: Int, expected: Int)
    /// The term is empty.
    case emptyTerm
    /// The study-state field holds something that is not a study state.
    case unknownStudyState(String)
    /// The image field holds something that is not the name of a file in the media folder.
    case invalidImageName(String)
    /// A quoted field is never closed, so the rest of the file belongs to it.
    case unterminatedQuote
    /// The record does not end within `limit` bytes; it is skipped up to the end of the line
    /// where it passes the limit.
    case tooLong(limit: Int)

    /// Why the record was rejected, as a clause in `language` without its full stop, with the
    /// values it names unescaped.
    ///
    /// ```swift
    /// LineProblem.Reason.emptyTerm.clause(in: .english)  // "the term is empty"
    /// ```
    public func clause(in language: Language) -> String {
      language.interchangeCatalogue.clause(self)
    }
  }

  /// The most characters of a record's text that ``text`` keeps.
  public static let textLimit = 40

  /// The 1-based line where the rejected record starts.
  public var line: Int
  /// Why the record was rejected.
  public var reason: Reason
  /// The start of the record as the file has it: its first line, cut after ``textLimit``
  /// characters with `…` in place of the rest; empty when the record starts with a line break.
  public var text: String

  /// Creates a problem.
  ///
  /// - Parameters:
  ///   - line: The 1-based line where the record starts.
  ///   - reason: Why the record was rejected.
  ///   - text: The start of the record's text, as ``text`` keeps it.
  public init(line: Int, reason: Reason, text: String = "") {
    self.line = line
    self.reason = reason
    self.text = text
  }

  /// The problem in `language`, naming the file, the line, the start of the record's text and
  /// why it was rejected, without a full stop; the file's name and the text unescaped.
  ///
  /// ```swift
  /// problem.message(in: .english, file: "cards.csv")
  /// // "cards.csv, line 3 (“apple”): no separator "," between term and meaning"
  /// ```
  ///
  /// - Parameters:
  ///   - language: The language of the sentence.
  ///   - file: The name of the file read, as the user gave it.
  /// - Returns: The sentence; a front end escapes it for its medium.
  public func message(in language: Language, file: String) -> String {
    language.interchangeCatalogue.sentence(self, file: file)
  }

  /// The start of the record that spans `record` in `bytes`, as ``text`` keeps it.
  ///
  /// Only the record's bytes are read, so the text does not depend on how much of the file
  /// is in memory around it.
  ///
  /// - Complexity: O(``textLimit``): at most a few bytes past the kept characters are read.
  static func text(of bytes: UnsafeBufferPointer<UInt8>, _ record: Range<Int>) -> String {
    // A character takes at most 4 bytes; one more character tells whether the line goes on.
    let end = min(record.upperBound, record.lowerBound + (textLimit + 1) * 4)
    var stop = record.lowerBound
    while stop < end && bytes[stop] != ByteClass.lineFeed { stop += 1 }
    let isCut = stop < record.upperBound && bytes[stop] != ByteClass.lineFeed
    // A cut inside a character keeps none of it.
    while isCut && stop > record.lowerBound && bytes[stop] & 0xC0 == 0x80 { stop -= 1 }
    var line = ByteClass.string(bytes, record.lowerBound..<stop)
    if line.hasSuffix("\r") { line.removeLast() }
    guard line.count > textLimit || isCut else { return line }
    return String(line.prefix(textLimit)) + "…"
  }
}
