import Wordbook

/// What the Anki package reader says, in one language: why a package could not be read and
/// why a note of it was rejected; the part of each language's catalogue (`EnglishCatalogue`,
/// `KoreanCatalogue`) this module adds.
///
/// Errors carry kinds and values; a catalogue words them. Each language conforms, so a
/// sentence missing in one language does not compile. Member names and paths are passed
/// through as they are: a front end escapes the whole sentence for its medium.
protocol AnkiCatalogue: Sendable {
  /// Why a package could not be read, as the clause after its name.
  func sentence(_ error: AnkiPackageError) -> String
  /// A rejected note: its package, its position, and why.
  func sentence(_ problem: AnkiNoteProblem, file: String) -> String
}

extension Language {
  /// The catalogue of this language, as the Anki package reader reads it.
  var ankiCatalogue: any AnkiCatalogue {
    switch self {
    case .english: EnglishCatalogue()
    case .korean: KoreanCatalogue()
    }
  }
}
