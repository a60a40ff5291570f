import Wordbook

/// What the flashcard reader and writer say, in one language: why a file could not be read or
/// written, and why a record of it was rejected; the part of each language's catalogue
/// (`EnglishCatalogue`, `KoreanCatalogue`) this module adds.
///
/// Errors carry kinds and values; a catalogue words them. Each language conforms, so a
/// sentence missing in one language does not compile. File names, fields and separators are
/// passed through as they are: a front end escapes the whole sentence for its medium.
protocol InterchangeCatalogue: Sendable {
  /// Why a file could not be read, as the clause after its name.
  func sentence(_ error: FlashcardReadError) -> String
  /// Why cards could not be written.
  func sentence(_ error: FlashcardWriteError) -> String
  /// Why a record was rejected, as a clause.
  func clause(_ reason: LineProblem.Reason) -> String
  /// A rejected record: its file, line, the start of its text, and why.
  func sentence(_ problem: LineProblem, file: String) -> String
}

extension Language {
  /// The catalogue of this language, as the flashcard reader and writer read it.
  var interchangeCatalogue: any InterchangeCatalogue {
    switch self {
    case .english: EnglishCatalogue()
    case .korean: KoreanCatalogue()
    }
  }
}

extension LineProblem.Reason {
  /// A separator as a message names it: a tab, a line feed or a space by its name in
  /// `names`, any other quoted.
  func visible(
    _ separator: String, names: (tab: String, newline: String, space: String)
  ) -> String {
    switch separator {
    case "\t": names.tab
    case "\n": names.newline
    case " ": names.space
    default: "\"\(separator)\""
    }
  }

  /// A size in bytes as `1 MiB` or `64 KiB` when it is whole in those units, else with
  /// `bytes`, the language's word for them, after it.
  func size(_ count: Int, bytes: String) -> String {
    if count >= 1 << 20 && count % (1 << 20) == 0 { return "\(count >> 20) MiB" }
    if count >= 1 << 10 && count % (1 << 10) == 0 { return "\(count >> 10) KiB" }
    return "\(count)\(bytes)"
  }
}

extension FlashcardReadError {
  /// Fields as `"a", "b", "c"`, the first 12 of them.
  static func list(_ fields: [String]) -> String {
    let shown = fields.prefix(12).map { "\"\($0)\"" }.joined(separator: ", ")
    return fields.count > 12 ? shown + ", …" : shown
  }
}
