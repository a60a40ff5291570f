import StoreCore
import Wordbook

/// Everything the study screen shows and remembers: the app's state, the screen's own view
/// state, and what the screen does by itself while the wordbooks and words load.
///
/// ``StudyScreenReducer`` changes it: the app's part through `AppReducer`, the rest from key
/// presses and from the app's answers. Outside a store every value is settable, so a test
/// describes an expected state as `$0.screen.cards.cursor = 1`.
public struct StudyScreen: Equatable, Sendable {
  /// The state of the study session: books, words, marks.
  public var app: AppState
  /// The cursor, the overlay and the prompt.
  public var screen = StudyScreenState()
  /// The wordbook asked for on the command line, by title or ID, until it is opened.
  public var requestedBook: String?
  /// The study mode asked for on the command line, until the first book opens in it; `nil`
  /// opens each book in the mode it was left in.
  public var requestedMode: StudyMode?
  /// Whether the screen still opens a book by itself: only until the first book is open, so
  /// a book that goes away later (deleted here or by another process) leaves the picker.
  public var opensFirstBook = true
  /// Keys typed while the wordbooks or the words were loading, handled in order once they are
  /// there, so that a learner who starts marking at once on a large book loses no key.
  public var keysWhileLoading: [Key] = []
  /// The app's actions the last action applied besides itself, which a recorder logs.
  @Bookkeeping var appliedActions: [AppAction] = []
  /// When the last key was pressed: the time of the ratings keys make.
  @Bookkeeping var lastKeyTime = Timestamp(secondsSince1970: 0)
  /// The parts of the screen changed since the store last took the record: at most
  /// ``Part/screen``; see ``changedParts``.
  var screenChanges = ChangedParts<Part>()

  /// Creates the state of a screen that has just opened on `app`.
  ///
  /// - Parameters:
  ///   - app: The app's state, usually one that has loaded nothing yet.
  ///   - book: The wordbook to open first, by title or ID; when `nil`, the one the learner
  ///     studied last, or else the first.
  ///   - mode: The study mode the first book opens in; when `nil`, the one it was left in.
  public init(app: AppState, book: String? = nil, mode: StudyMode? = nil) {
    self.app = app
    self.requestedBook = book
    self.requestedMode = mode
    screen.cards.follow(app, bookBefore: app.session.bookID)
  }

  /// Whether the session is over: the learner quit, or asked to quit and every mark has
  /// reached the service since.
  public var isFinished: Bool {
    screen.cards.isFinished(app)
  }
}
