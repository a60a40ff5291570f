import Wordbook

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Every text the study page shows, in one language; the server puts them in the page as JSON,
/// and the page's script only fills in the values.
///
/// A text with values names each in braces (`{count}`), and the page replaces them with the
/// values it formats in the page's language (numbers grouped, dates as the locale writes them).
/// Each language's catalogue builds one value of this type (``PageCatalogue``), with every
/// argument, so a text missing in one language does not compile. Errors of the store are
/// worded by the domain (`AppError.message(in:for:)`).
struct PageTexts: Codable, Sendable {
  var title, books, dismiss, shuffle, mode: String
  var modeAll, modeExcludeSuccess, modeFailedOnly, modeDue, hard, easy: String
  /// What a Due round has left: `{new}`, `{learning}`, `{due}`.
  var roundCounts: String
  /// What a round of another mode has left: `{count}`.
  var roundLeft: String
  /// Put after the round's counts when a word falls due later: `{when}`.
  var dueNext: String
  var dueFailed, dueReading: String
  var undo, redo, previous, next, addWord, term, meaning, save, saving: String
  var search, searchPlaceholder, reverse, edit, delete, cancel, editWord, deleteWord: String
  /// The edit and delete buttons' labels, and the question before a deletion: `{term}`.
  var editLabel, deleteLabel, deleteQuestion: String
  /// How far loading the books and the words got; `booksFailed` and `cardsFailed` name the
  /// reason: `{reason}`.
  var booksLoading, booksEmpty, booksFailed, cardsLoading, cardsFailed, cardsEmpty: String
  /// The counts line: `{success}`, `{fail}`, `{notStudied}`.
  var tally: String
  /// Put after ``tally`` while marks are being saved: `{count}`.
  var unsaved: String
  /// The cards shown of all: `{from}`, `{to}`, `{count}`.
  var position: String
  /// `{name}`.
  var signedInAs: String
  var signOut, connecting, disconnected, eventsRefused, unreachable, sessionEnded: String
  /// The page opened without the server, showing what it last showed.
  var offline: String
  /// How many ratings given offline wait to be sent: one, or `{count}`; and what the page
  /// says when the browser cannot keep them (no IndexedDB).
  var ratingWaiting, ratingsWaiting, ratingsNotKept: String
  var forbidden: String
  /// A refusal with no sentence of its own: `{status}`, the HTTP status.
  var refused: String
  var viewCards, viewList, views, stats, showChart, knew, didNotKnow, roundProgress: String
  /// The focused card's place: `{n}`, `{count}`.
  var focusPosition: String
  var focusCard, focusHint, hintDismiss, roundDone: String
  /// The focused view's hint for a mouse and keyboard, where ``focusHint`` is a touch screen's.
  var focusKeysHint: String
  /// A round's summary: `{known}`, `{notKnown}`.
  var roundSummary: String
  var restudy, studyAgain: String
  /// The open book's button: `{title}`.
  var openBook: String
  var changeBook, newBook, newBookTitle, create, renameBook, renameTitle, rename: String
  var deleteBook, deleteBookTitle: String
  /// The question before a book is deleted: `{id}`, `{title}` and `{words}`, one of
  /// ``oneWord`` or ``words``.
  var deleteBookQuestion: String
  /// A count of one word.
  var oneWord: String
  /// A count of words other than one: `{count}`.
  var words: String
  var first, last, jump, jumpLabel, keys: String
  /// The typing switch, the answer's field and its button, and the names of the typed and the
  /// expected characters shown after a check.
  var typing, typeTheAnswer, check, typedAnswer, expectedAnswer: String
  /// The rating a typed answer proposes: `{rating}`, one of the rating names.
  var proposedRating: String
  /// The ratings' names, as ``proposedRating`` names them.
  var ratingAgain, ratingHard, ratingGood, ratingEasy: String
  /// The speaker button, the switch that says each new card, and what the page says in a
  /// browser that cannot speak.
  var say, sayNewCards, cannotSay: String
  /// The button of a phone's focused view that shows the study controls folded away.
  var menu: String

  /// The texts as the page reads them: a JSON object that can stand inside a `<script>`
  /// element (no `<` in it, so no `</script>` either).
  var json: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self).replacing("<", with: "\\u003c")
  }

  /// A text the terminal shows too, as it is written: the page fills in its values.
  static func shared(_ text: StudyScreenText, _ language: Language) -> String {
    text.template(in: language)
  }

  /// The counts line, with the study states named as every front end names them.
  static func tally(in language: Language) -> String {
    "\(shared(.known, language)) {success} · \(shared(.notKnown, language)) {fail} · "
      + "\(shared(.notStudied, language)) {notStudied}"
  }
}
