import Wordbook
import WordbookInterchange

/// Every sentence the `wordbook` command says, in one language: errors from the command line
/// and the subcommands, and the subcommands' summaries; the domain words its own errors.
///
/// Errors and reports carry kinds and values; a catalogue words them. Each language is one
/// conforming type, so a sentence missing in one language does not compile. Titles, terms and
/// file names are passed through as they are (escaped for the terminal), never translated.
protocol MessageCatalogue: Sendable {
  /// The language of the sentences.
  var language: Language { get }
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

extension MessageCatalogue {
  /// A word service error, as the domain words it for the owner.
  func describe(_ error: WordServiceError) -> String { error.message(in: language) }

  /// An error from the store, as the domain words it for the owner.
  func describe(_ error: AppError) -> String { error.message(in: language) }
}

extension Language {
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
