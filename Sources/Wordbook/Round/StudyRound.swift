import StoreCore

/// One round of study, whatever the mode: which card comes next, what is left, and what the
/// learner knew and missed, with Anki's queue as the reference.
///
/// A round covers the cards a study session shows (``AppState/visibleWords``) when it starts:
/// choosing a mode, searching, shuffling, opening a book, or studying again the ones missed.
/// A Due round, read from the schedule, holds the words due now (most overdue first) and then
/// the new words left of the day's allowance; its learning words not yet due wait for their
/// step. A round of another mode goes through its cards once. Each rating answers the current
/// card and moves on:
///
/// 1. in a Due round, a learning or relearning card whose step is due comes back first (a card
///    rated *again* comes back when its step is due, within the round);
/// 2. else the next card not yet answered after the one rated, in the order shown, then the
///    first one left before it;
/// 3. when nothing else is left, a Due round's learning card due within the learn-ahead limit
///    (``ReviewSettings/learnAheadLimit``, 20 minutes by default), as Anki does, once the
///    service has answered every rating (a card just rated may be due sooner);
/// 4. else the round is over (``isOver``): a rating on the last card ends it, and nothing rates
///    a card of an ended round.
///
/// ``counts`` says what is left, by kind, as Anki's *New · Learning · Due*; they always add up
/// to what is left. ``missed`` and ``ratedCount`` make the round's summary.
///
/// ```swift
/// store.send(.study(.view(.setStudyMode(.due))))
/// // … the schedule arrives; the round holds the due words, then the new ones
/// if let card = store.state.session.round.current {
///   store.send(.study(.view(.rate(card, .again, at: now, id: .random()))))
/// }
/// store.state.session.round.counts  // RoundCounts(new: 10, learning: 1, due: 4)
/// ```
///
/// - Complexity: The next card is found in O(log *n*) for *n* learning cards of the round, plus
///   the cards answered out of order that it steps over. A rating of the current card, or of
///   the card a front end's cursor names (``StudyCards``), finds its card in O(1); a rating of
///   any other card searches the cards shown.
public struct StudyRound: Equatable, Sendable {
  /// Whether the round has started: a session starts one whenever its cards change as a
  /// whole, and, under Due mode, once the schedule is read.
  public internal(set) var isStarted = false
  /// The card to study now, or `nil` when the round is over, empty, or waits for the service
  /// to say when the last card rated comes back.
  public var current: Word.ID?
  /// The position of ``current`` among the visible words.
  public var currentPosition: Int?
  /// What is left, by kind.
  public var counts = RoundCounts()
  /// Whether the round's cards are all answered: a rating ended it.
  public var isOver = false
  /// The cards rated *again* in this round, in the order they were first missed: what *study
  /// the ones I missed* studies.
  public var missed: [Word.ID] = []
  /// How many cards were rated in this round.
  public var ratedCount = 0
  /// How many ratings the round has taken, a card rated twice counted twice, less those taken
  /// back: a front end's cursor goes to ``current`` whenever it changes.
  public var answerCount = 0
  /// Whether the round was read from the schedule: a Due round, whose counts are by kind.
  public var isScheduled = false
  /// The round's time now: the latest rating's, or the schedule's when it was read.
  public var time: Timestamp?
  /// How long before its step is due a learning card is shown when nothing else is left.
  public var learnAheadLimit = ReviewSettings.standardLearnAheadLimit
  /// What the round keeps to decide the next card, which its public values follow from.
  @Bookkeeping var queue = Queue()

  /// An empty round, not started.
  public init() {}

  /// How many cards were rated in this round and never missed: the summary's *Known*.
  public var knownCount: Int { ratedCount - missed.count }

  /// Whether the round has a card to study now.
  public var hasCurrentCard: Bool { current != nil }
}
