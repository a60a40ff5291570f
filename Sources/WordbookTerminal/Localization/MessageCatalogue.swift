import Wordbook
import WordbookInterchange

/// Every sentence the `wordbook` command says, in one language: errors from the domain, the
/// command line and the subcommands, and the subcommands' summaries.
///
/// Errors and reports carry kinds and values; a catalogue words them. Each language is one
/// conforming type, so a sentence missing in one language does not compile. Titles, terms and
/// file names are passed through as they are (escaped for the terminal), never translated.
protocol MessageCatalogue: Sendable {
  /// A word service error.
  func describe(_ error: WordServiceError) -> String
  /// An error from the store.
  func describe(_ error: AppError) -> String
  /// A command line error, with its usage line.
  func describe(_ error: UsageError) -> String
  /// Why a subcommand failed.
  func describe(_ problem: CommandProblem) -> String
  /// A line a subcommand tells the user.
  func text(_ report: CommandReport) -> String
  /// The answers, lowercased, that mean yes to a question.
  var yesAnswers: Set<String> { get }
  /// The words of the review chart `stats --chart` draws.
  var chartLabels: ReviewChartLabels { get }
}

extension TerminalLanguage {
  /// The catalogue of this language.
  var catalogue: any MessageCatalogue {
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
