import Wordbook

/// The text of the study screen that only the terminal shows, in one language, from that
/// language's catalogue (`EnglishCatalogue`, `KoreanCatalogue`).
///
/// Counts and user text are passed in, so the renderer never holds a literal sentence. What
/// the page shows too (the modes' and marks' names, the loading and empty states, the due
/// counts, the questions before a deletion) is the domain's `StudyScreenText`, in
/// ``language``; errors are worded by the domain (`AppError.message(in:for:)`), as the
/// `wordbook` subcommands' errors are.
public struct Messages: Sendable {
  /// The label before the study mode in the header.
  public var modeLabel: String
  /// Put after `StudyScreenText.booksFailed`: how to try again.
  public var retryBooks: String
  /// Put after `StudyScreenText.booksEmpty`: how to create a book.
  public var createBookHint: String
  /// The picker's instructions.
  public var chooseBook: String
  /// Shown when the chosen book holds no word.
  public var emptyBook: String
  /// Shown when the study mode hides every word.
  public var noWordsInMode: String
  /// Shown when no word matches the search.
  public var noSearchMatch: String
  /// Put before the text of a card that shows its back, and over the detail area that shows
  /// the whole back: the side is named in text, not only by colour.
  public var backLabel: String
  /// The counts line's label before the current card's place.
  public var cardLabel: String
  /// The status line's hint when nothing else is to be said.
  public var hint: String
  /// Shown after quitting while marks are still being saved; the argument is how many.
  public var savingMarks: @Sendable (Int) -> String
  /// Shown after quitting when the service failed to save marks; the argument is how many.
  public var marksNotSaved: @Sendable (Int) -> String
  /// Says what `u` did: the card's term, and the state the card has again.
  public var undid: @Sendable (String, StudyState) -> String
  /// Says what `r` did: the card's term, and the state the card has again.
  public var redid: @Sendable (String, StudyState) -> String
  /// Put before an error in the status line.
  public var errorPrefix: String
  /// Put after an error in the status line.
  public var errorSuffix: String
  /// The prompt for a new word's term.
  public var termPrompt: String
  /// The prompt for a new word's meaning.
  public var meaningPrompt: String
  /// The prompt for a new wordbook's title.
  public var titlePrompt: String
  /// The prompt for an edited word's term.
  public var editTermPrompt: String
  /// The prompt for an edited word's meaning.
  public var editMeaningPrompt: String
  /// The prompt for a wordbook's new title.
  public var renamePrompt: String
  /// Put after `StudyScreenText.deleteWordQuestion` and `deleteBookQuestion`: the keys that
  /// answer them.
  public var answerKeys: String
  /// The help screen's title.
  public var helpTitle: String
  /// The language of the texts the page shows too, `StudyKeyHelp`'s lines of keys and
  /// `StudyScreenText`.
  public var language: Language
  /// The help screen's line about the keys in a field, after the study screen's keys.
  public var fieldKeys: (keys: String, action: String)
  /// Shown when the window is too small to draw the screen.
  public var windowTooSmall: String
  /// Shown when `p` asks to hear a word and `espeak-ng` is not installed.
  public var speakerMissing: String
  /// The sentence for an error from the store, as the domain words it in this language.
  public var describe: @Sendable (AppError) -> String

  /// The English messages.
  public static let english = EnglishCatalogue().screenMessages

  /// The Korean messages.
  public static let korean = KoreanCatalogue().screenMessages

  /// A text of the study screen that the page shows too, in this language, with its values
  /// filled in.
  func text(_ text: StudyScreenText, _ values: [String: String] = [:]) -> String {
    text.text(in: language, values)
  }

  /// A count of words: "1 word", "12,345 words".
  func wordCount(_ count: Int) -> String {
    count == 1 ? text(.oneWord) : text(.words, ["count": Self.grouped(count)])
  }

  /// `count` with its digits grouped by three with commas, as both languages write them:
  /// "12,345": the counts the study screen shows.
  public static func grouped(_ count: Int) -> String {
    let digits = Array(String(count.magnitude))
    var grouped = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0 && (digits.count - offset) % 3 == 0 { grouped.append(",") }
      grouped.append(digit)
    }
    return (count < 0 ? "-" : "") + grouped
  }
}
