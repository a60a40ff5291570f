import StoreCore

extension StudySessionFeature {
  /// What a study session owns: the open book's words with their marks, which of them show in
  /// what order, the cards' faces, the schedule, the word being saved, and what keeps the marks
  /// in step with the service.
  ///
  /// ``AppState`` holds it as ``AppState/session``. The feature changes only this state: what
  /// the app must do besides (show an error, forget a book the service no longer holds, count
  /// a word saved to another book, load the books again after another book changed elsewhere)
  /// it says in ``StudySessionFeature/Action/delegate(_:)``, which ``AppReducer`` reduces.
  public struct State: Equatable, Sendable {
    /// The book whose words the session shows: the selected book, whose one owner the session
    /// is. An ID, never an index, so an empty or reloaded list can't make it point at the wrong
    /// book.
    public var bookID: WordBook.ID?
    /// The open book's words, with the study mode and the search that filter them.
    public var words = WordList()
    /// How far loading the open book's words got.
    public var wordsStatus: LoadStatus = .notLoaded
    /// The open book's review schedule, which ``StudyMode/due`` shows.
    public var schedule = ReviewSchedule()
    /// The round being studied: the current card, what is left, what was known and missed.
    public var round = StudyRound()
    /// Whether cards show the meaning on their front and the term on their back.
    public var isReversed = false
    /// The words whose card shows its back (the meaning).
    public var backFaces: Set<Word.ID> = []
    /// The marks the service failed to save, newest per word, which the words no longer show.
    public var unsavedMarks: [Word.ID: StudyState] = [:]
    /// The ratings among ``unsavedMarks``, with their reviews: a retry sends each again with its
    /// ID, so one the service did store is stored once.
    public var unsavedReviews: [Word.ID: Review] = [:]
    /// The generator that shuffles; stored here so that replaying a log shuffles the same way.
    public var generator: SplitMix64
    /// What keeps the session in step with the service: marks on their way, undo steps,
    /// changes seen during a load, and deleted words.
    @Bookkeeping var serviceSync = ServiceSync()
    /// Whether a new word, or an edit of a word, is being saved: one at a time, so two answers
    /// can't land in the wrong order.
    public var isSavingWord = false
    /// The word being saved, or the one whose save failed, so the form can be filled again.
    public var wordDraft: WordDraft?

    /// Creates a session with no book open.
    ///
    /// - Parameter seed: The seed of the shuffle generator.
    public init(seed: UInt64) {
      generator = SplitMix64(seed: seed)
    }
  }
}
