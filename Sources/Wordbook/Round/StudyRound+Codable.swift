extension StudyRound: Codable {
  private enum CodingKeys: String, CodingKey {
    case isStarted, current, currentPosition, counts, isOver, missed, ratedCount, answerCount
    case isScheduled
    case time
    case learnAheadLimit, cards, answers, awaitingCount, scanStart
  }

  /// Decodes a round, rebuilding its queues of learning cards from its cards.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init()
    isStarted = try container.decode(Bool.self, forKey: .isStarted)
    current = try container.decodeIfPresent(Word.ID.self, forKey: .current)
    currentPosition = try container.decodeIfPresent(Int.self, forKey: .currentPosition)
    counts = try container.decode(RoundCounts.self, forKey: .counts)
    isOver = try container.decode(Bool.self, forKey: .isOver)
    missed = try container.decode([Word.ID].self, forKey: .missed)
    ratedCount = try container.decode(Int.self, forKey: .ratedCount)
    answerCount = try container.decode(Int.self, forKey: .answerCount)
    isScheduled = try container.decode(Bool.self, forKey: .isScheduled)
    time = try container.decodeIfPresent(Timestamp.self, forKey: .time)
    learnAheadLimit = try container.decode(Duration.self, forKey: .learnAheadLimit)
    queue.cards = try container.decode([Word.ID: Card].self, forKey: .cards)
    queue.answers = try container.decode([Answer].self, forKey: .answers)
    queue.awaitingCount = try container.decode(Int.self, forKey: .awaitingCount)
    queue.scanStart = try container.decode(Int.self, forKey: .scanStart)
    for (id, card) in queue.cards {
      guard case .learning(let due, _) = card.status else { continue }
      let entry = DueQueue.Entry(due: due, wordID: id)
      queue.learning.push(entry)
      if let cutoff, due > cutoff { queue.notYetCounted.push(entry) }
    }
  }

  /// Encodes the round: what it shows, and the cards and ratings its queues follow from.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(isStarted, forKey: .isStarted)
    try container.encodeIfPresent(current, forKey: .current)
    try container.encodeIfPresent(currentPosition, forKey: .currentPosition)
    try container.encode(counts, forKey: .counts)
    try container.encode(isOver, forKey: .isOver)
    try container.encode(missed, forKey: .missed)
    try container.encode(ratedCount, forKey: .ratedCount)
    try container.encode(answerCount, forKey: .answerCount)
    try container.encode(isScheduled, forKey: .isScheduled)
    try container.encodeIfPresent(time, forKey: .time)
    try container.encode(learnAheadLimit, forKey: .learnAheadLimit)
    try container.encode(queue.cards, forKey: .cards)
    try container.encode(queue.answers, forKey: .answers)
    try container.encode(queue.awaitingCount, forKey: .awaitingCount)
    try container.encode(queue.scanStart, forKey: .scanStart)
  }
}
