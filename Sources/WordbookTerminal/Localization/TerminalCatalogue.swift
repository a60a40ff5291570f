import Wordbook
import WordbookPostgres

/// What the terminal front end says, in one language: errors from the command line and the
/// subcommands, the subcommands' summaries and the text of the study screen only the terminal
/// shows; the part of each language's catalogue (`EnglishCatalogue`, `KoreanCatalogue`) this
/// module adds. The domain words its own errors and the study screen's shared texts.
///
/// Errors and reports carry kinds and values; a catalogue words them. Each language conforms,
/// so a sentence missing in one language does not compile. Titles, terms and file names are
/// passed through as they are (escaped for the terminal), never translated.
protocol TerminalCatalogue: Sendable {
  /// The language of the sentences.
  var language: Language { get }
  /// A command line error, with its usage line.
  func describe(_ error: UsageError) -> String
  /// Why an account could not be added, changed or checked.
  func describe(_ error: AccountError) -> String
  /// Why a subcommand failed.
  func describe(_ problem: CommandProblem) -> String
  /// A line a subcommand tells the user.
  func text(_ report: CommandReport) -> String
  /// The text of the study screen that only the terminal shows.
  var screenMessages: Messages { get }
  /// The answers, lowercased, that mean yes to a question.
  var yesAnswers: Set<String> { get }
}

extension TerminalCatalogue {
  /// A word service error, as the domain words it for the owner.
  func describe(_ error: WordServiceError) -> String { error.message(in: language) }

  /// An error from the store, as the domain words it for the owner.
  func describe(_ error: AppError) -> String { error.message(in: language) }
}

extension Language {
  /// The catalogue of this language.
  var catalogue: any TerminalCatalogue {
    switch self {
    case .english: EnglishCatalogue()
    case .korean: KoreanCatalogue()
    }
  }
}

extension String {
  /// User text (a title, a term, a file name) as a message shows it.
  var shown: String { escapedForTerminal }
}
