extension StudyRound {
  /// The kind of a card not yet answered, as the counts count it.
  enum Kind: String, Hashable, Sendable, Codable {
    case new, learning, due, unscheduled
  }

  /// A card of the round that is answered, or that waits for its learning step.
  struct Card: Hashable, Sendable, Codable {
    /// Where the card is in the round.
    enum Status: Hashable, Sendable, Codable {
      /// Not answered: its only rating was taken back. Counted as the kind it was counted as
      /// before, whatever the schedule says of it since.
      case unanswered(Kind)
      /// Answered, and not coming back in this round.
      case done
      /// Rated; the service has not yet said when the card comes back.
      case awaiting(position: Int32, time: Timestamp)
      /// Waits for its learning step, due then; the position is where it was shown.
      case learning(due: Timestamp, position: Int32)
    }

    /// How many times the card was rated in this round.
    var ratings: Int32 = 0
    /// How many of them were *again*.
    var misses: Int32 = 0
    var status: Status
  }

  /// A rating the round took, with what the card was before, so that undoing it, or the
  /// service refusing it, puts the round back as it was.
  struct Answer: Hashable, Sendable, Codable {
    var wordID: Word.ID
    var rating: Rating
    /// The card before the rating, or `nil` when it had not been answered.
    var prior: Card?
    /// The kind the card was counted as, when it had not been answered.
    var kind: Kind
    /// Where the card was shown.
    var position: Int32
  }

  /// What a round keeps to choose the next card: the cards answered or waiting for their step,
  /// the ratings it took, the learning cards by due time, and where the first card not yet
  /// answered may be.
  struct Queue: Sendable {
    /// The round's cards that were answered or wait for their step; a card shown and not here
    /// is not yet answered.
    var cards: [Word.ID: Card] = [:]

    /// Whether the card is yet to be answered.
    func isUnanswered(_ wordID: Word.ID) -> Bool {
      switch cards[wordID]?.status {
      case nil, .unanswered?: true
      case .done?, .awaiting?, .learning?: false
      }
    }
    /// The ratings taken, oldest first.
    var answers: [Answer] = []
    /// Every learning card's due time, earliest first; stale entries are dropped at the top.
    var learning = DueQueue()
    /// The learning cards due after the learn-ahead cutoff when they joined, which the counts
    /// take in as the round's time moves on.
    var notYetCounted = DueQueue()
    /// How many rated cards wait for the service to say when they come back.
    var awaitingCount = 0
    /// No card before this position is left to answer.
    var scanStart = 0
    /// Where a front end shows the card it is about to rate, when that is not the current
    /// card: the rating finds it there instead of searching the cards shown.
    var shownAt: (wordID: Word.ID, position: Int)?
  }

  /// What a round reads of the session it belongs to.
  struct Context {
    /// The cards shown, which the round covers.
    let visible: VisibleWords
    /// The schedule, for a Due round; `nil` counts every card as unscheduled.
    let schedule: ReviewSchedule?

    /// The kind of a card never answered.
    func kind(of wordID: Word.ID) -> Kind { scheduled(wordID).kind }

    /// The kind of a card never answered and, for a learning card, when its step is due: one
    /// look in each of the schedule's tables (at a million words, a round's start is most of
    /// what Due mode does once the schedule is in).
    func scheduled(_ wordID: Word.ID) -> (kind: Kind, due: Timestamp?) {
      guard let schedule else { return (.unscheduled, nil) }
      guard let due = schedule.dueTimes[wordID] else { return (.new, nil) }
      return schedule.learningWordIDs.contains(wordID) ? (.learning, due) : (.due, nil)
    }
  }

  /// The latest time a learning card may be due to be shown when nothing else is left.
  var cutoff: Timestamp? {
    time?.advanced(by: learnAheadLimit.components.seconds)
  }
}
