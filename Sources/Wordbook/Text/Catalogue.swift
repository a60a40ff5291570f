/// What the domain says, in one language: its errors and the study screen's texts.
///
/// Each language's catalogue (``EnglishCatalogue``, ``KoreanCatalogue``) conforms, so a
/// sentence missing in one language does not compile; each layer above adds its own sentences
/// to the same two types, behind a protocol of its own. Values (a title, a term, a path) are
/// passed through as they are: a front end escapes the whole sentence for its medium.
protocol Catalogue: Sendable {
  /// An error from the store other than a service's.
  func sentence(_ error: AppError, for reader: MessageReader) -> String
  /// A service error's reason other than a storage failure.
  func sentence(_ reason: WordServiceError.Reason, for reader: MessageReader) -> String
  /// A storage failure.
  func sentence(_ failure: WordServiceError.StorageFailure, for reader: MessageReader) -> String
  /// Why a reviewed term names no word of the book, as a clause.
  func clause(_ problem: ReviewedTermProblem) -> String
  /// A text of the study screen as it is written, its values named in braces.
  func template(_ text: StudyScreenText) -> String
  /// What a line of the study screen's key help says its keys do.
  func text(_ line: StudyKeyHelp) -> String
}

extension Language {
  /// The catalogue of this language, as the domain reads it.
  var catalogue: any Catalogue {
    switch self {
    case .english: EnglishCatalogue()
    case .korean: KoreanCatalogue()
    }
  }
}

extension AppError {
  /// The error in `language`, saying what went wrong and what to do.
  ///
  /// ```swift
  /// AppError.nothingToUndo.message(in: .korean)  // "되돌릴 것이 없습니다."
  /// ```
  ///
  /// - Parameters:
  ///   - language: The language of the sentence.
  ///   - reader: Who reads it: a visitor of a served page is never told the server's paths,
  ///     addresses or system errors.
  /// - Returns: One or more sentences, with the values they name unescaped.
  public func message(in language: Language, for reader: MessageReader = .owner) -> String {
    switch self {
    case .service(let error): error.message(in: language, for: reader)
    default: language.catalogue.sentence(self, for: reader)
    }
  }
}

extension WordServiceError {
  /// The error in `language`, saying what failed and what to do.
  ///
  /// - Parameters:
  ///   - language: The language of the sentence.
  ///   - reader: Who reads it: a visitor of a served page is never told the server's paths,
  ///     addresses or system errors.
  /// - Returns: One or more sentences, with the values they name unescaped.
  public func message(in language: Language, for reader: MessageReader = .owner) -> String {
    let wording = language.catalogue
    return switch reason {
    case .storage(let failure): wording.sentence(failure, for: reader)
    default: wording.sentence(reason, for: reader)
    }
  }
}

extension ReviewedTermProblem {
  /// Why a reviewed term names no word of the book, as a clause in `language` without its
  /// full stop, with the terms unescaped.
  public func clause(in language: Language) -> String {
    language.catalogue.clause(self)
  }
}
