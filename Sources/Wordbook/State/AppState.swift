import StoreCore

/// Everything a Wordbook front end shows, in one value: the single source of truth.
///
/// In a store only ``AppReducer`` changes it, in response to ``AppAction``s: the store's state is
/// read-only. Outside a store its described values are settable, so a test describes an expected
/// state as `$0.studyMode = .excludeSuccess`, and
/// ``init(seed:books:selectedBookID:words:studyMode:)`` builds the state of a session in a given
/// situation. ``invariantViolations`` says what a hand-built state breaks. The state is built for
/// large books: a word's strings are stored once, its study state in one byte, and the study order
/// as 4-byte positions, so no action copies the words.
public struct AppState: Equatable, Sendable, Codable {
  /// The wordbooks, as last loaded.
  public var books: [WordBook] = []
  /// How far loading the wordbook list got.
  public var booksStatus: LoadStatus = .notLoaded
  /// Whether the service was asked which book to reopen and has not answered: a front end
  /// that would open a book of its own choosing waits for it.
  public var isReopeningLastBook = false
  /// The selected wordbook's ID: an ID, never an index, so an empty or reloaded list can't
  /// make it point at the wrong book.
  public var selectedBookID: WordBook.ID?
  /// The selected wordbook's words, with the study mode and the search that filter them.
  public var words = WordList()
  /// How far loading the selected wordbook's words got.
  public var wordsStatus: LoadStatus = .notLoaded
  /// The selected wordbook's review schedule, which ``StudyMode/due`` shows; read from the
  /// service each time Due mode is chosen.
  public var schedule = ReviewSchedule()
  /// Which words the session shows: the ``words``' own ``WordList/mode``. Setting it
  /// re-filters the visible words, as ``StudySessionFeature/Action/View/setStudyMode(_:)`` does.
  public var studyMode: StudyMode {
    get { words.mode }
    set { words.filter(mode: newValue, searchQuery: words.searchQuery) }
  }
  /// The text the visible words' term or meaning contains, ignoring case; `nil` shows every word of
  /// the study mode: the ``words``' own ``WordList/searchQuery``. Like the mode, it filters when it
  /// is set, never when a word changes. Choosing another book clears it. Setting it re-filters the
  /// visible words, as ``StudySessionFeature/Action/View/setSearchQuery(_:)`` does with a trimmed,
  /// non-blank query.
  public var searchQuery: String? {
    get { words.searchQuery }
    set { words.filter(mode: words.mode, searchQuery: newValue) }
  }
  /// Whether cards show the meaning on their front and the term on their back, for this
  /// session.
  public var isReversed = false
  /// The words whose card shows its back (the meaning); every other card shows its front.
  public var backFaces: Set<Word.ID> = []
  /// Whether a new word, or an edit of a word, is being saved.
  public var isSavingWord = false
  /// The word being saved, or the one whose save failed, so the form can be filled again.
  public var wordDraft: WordDraft?
  /// The marks the service failed to save, newest per word, which the words no longer show:
  /// ``StudySessionFeature/Action/View/retryUnsavedMarks`` makes them again. A new mark of the
  /// word, its deletion, or choosing another book gives one up.
  public var unsavedMarks: [Word.ID: StudyState] = [:]
  /// The last error to show the user, until ``AppAction/dismissError``.
  public var lastError: AppError?
  /// The generator that shuffles; stored here so that replaying a log shuffles the same way.
  public var generator: SplitMix64
  /// What keeps the session in step with the service: marks on their way, undo steps,
  /// changes seen during a load, and deleted words and books.
  @Bookkeeping var serviceSync = ServiceSync()
  /// The parts changed since the store last took the record; see ``Part``.
  public var changedParts = ChangedParts<Part>()

  /// Creates the state of a session that has loaded nothing yet.
  ///
  /// - Parameter seed: The seed of the shuffle generator. Give a fixed seed for reproducible
  ///   sessions, or a random one for a live app.
  public init(seed: UInt64) {
    generator = SplitMix64(seed: seed)
  }
}
