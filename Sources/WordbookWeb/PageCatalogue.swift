import Wordbook

/// What the web front end says, in one language: the study page's texts, the sign-in page's
/// and the server's refusals; the part of each language's catalogue (`EnglishCatalogue`,
/// `KoreanCatalogue`) this module adds.
///
/// Each language conforms, so a text missing in one language does not compile. The study
/// screen's texts the terminal shows too are the domain's (`StudyScreenText`), and the store's
/// errors are worded by the domain (`AppError.message(in:for:)`).
protocol PageCatalogue: Sendable {
  /// The study page's texts, which the server puts in the page.
  var pageTexts: PageTexts { get }
  /// The sign-in page's texts.
  var signInTexts: SignInTexts { get }
  /// Why the server refuses a request.
  func sentence(_ refusal: ServerRefusal) -> String
  /// Why the server could not start.
  func sentence(_ error: WebServerError) -> String
}

extension Language {
  /// The catalogue of this language, as the web front end reads it.
  var pageCatalogue: any PageCatalogue {
    switch self {
    case .english: EnglishCatalogue()
    case .korean: KoreanCatalogue()
    }
  }
}
