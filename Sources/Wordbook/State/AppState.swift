import StoreCore

/// Everything a Wordbook front end shows, in one value: the single source of truth.
///
/// In a store only ``AppReducer`` changes it, in response to ``AppAction``s: the store's state is
/// read-only. Outside a store its described values are settable, so a test describes an expected
/// state as `$0.session.isReversed = true` or `$0.setStudyMode(.excludeSuccess)`, and
/// ``init(seed:books:selectedBookID:words:studyMode:)`` builds the state of a session in a given
/// situation. ``invariantViolations`` says what a hand-built state breaks.
///
/// It is composed of its features' states, ``list`` and ``session``, beside the app's own
/// ``lastError``. Each value has one owner, the feature that changes it, and one spelling: a
/// front end reads it, and a test describes it, through its owner (`state.list.books`,
/// `state.session.bookID`, `state.session.words`), and no value is stored twice. The state is
/// built for large books: a word's strings are stored once, its study state in one
/// byte, and the study order as 4-byte positions, so no action copies the words.
public struct AppState: Equatable, Sendable, Codable {
  /// The wordbook list: the books, as last loaded, and what a round of each would hold.
  public var list = WordbookListFeature.State()
  /// The study session: the selected book's words and everything about studying them.
  public var session: StudySessionFeature.State
  /// The last error to show the user, until ``AppAction/dismissError``.
  public var lastError: AppError?
  /// The parts changed since the store last took the record; see ``Part``.
  public var changedParts = ChangedParts<Part>()

  /// Creates the state of a session that has loaded nothing yet.
  ///
  /// - Parameter seed: The seed of the shuffle generator. Give a fixed seed for reproducible
  ///   sessions, or a random one for a live app.
  public init(seed: UInt64) {
    session = StudySessionFeature.State(seed: seed)
  }
}
