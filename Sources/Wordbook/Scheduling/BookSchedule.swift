/// When a book's reviewed words fall due, as the service gave it at one time: what
/// ``StudySessionFeature/Action/scheduleLoaded(_:_:)`` carries into ``StudySessionFeature/State/schedule``.
public struct BookSchedule: Hashable, Sendable {
  /// When the schedule was read: Due mode shows the words due by then.
  public var time: Timestamp
  /// How many new words a day Due mode adds after the due ones
  /// (``ReviewSettings/newWordsPerDay``).
  public var newWordsPerDay: Int
  /// When each word of the book that has been reviewed falls due; a word not here is new.
  public var dueTimes: [Word.ID: Timestamp]
  /// How many of the book's words had their first review on the (UTC) day of ``time``, in any
  /// session: what the day's allowance of new words has already given.
  public var newWordsBegun: Int
  /// The reviewed words in learning or relearning, which a round shows again as soon as their
  /// step is due.
  public var learningWordIDs: Set<Word.ID>
  /// How long before its step is due a learning word is shown when a round has nothing else
  /// left (``ReviewSettings/learnAheadLimit``).
  public var learnAheadLimit: Duration

  /// Creates a schedule.
  ///
  /// - Parameters:
  ///   - time: When the schedule was read.
  ///   - newWordsPerDay: How many new words a day Due mode adds after the due ones.
  ///   - dueTimes: When each reviewed word of the book falls due.
  ///   - newWordsBegun: How many words had their first review on the day of `time`.
  ///   - learningWordIDs: Which reviewed words are learning or relearning.
  ///   - learnAheadLimit: The learn-ahead limit of the settings.
  public init(
    time: Timestamp, newWordsPerDay: Int, dueTimes: [Word.ID: Timestamp], newWordsBegun: Int = 0,
    learningWordIDs: Set<Word.ID> = [],
    learnAheadLimit: Duration = ReviewSettings.standardLearnAheadLimit
  ) {
    self.time = time
    self.newWordsPerDay = newWordsPerDay
    self.dueTimes = dueTimes
    self.newWordsBegun = newWordsBegun
    self.learningWordIDs = learningWordIDs
    self.learnAheadLimit = learnAheadLimit
  }
}

extension BookSchedule: Codable {
  private enum CodingKeys: String, CodingKey {
    case time, newWordsPerDay, dueTimes, newWordsBegun, learningWordIDs, learnAheadLimit
  }

  /// Decodes a schedule; one recorded before ``newWordsBegun`` existed has begun none, and one
  /// recorded before rounds knew learning words has none, with the standard learn-ahead limit.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      time: try container.decode(Timestamp.self, forKey: .time),
      newWordsPerDay: try container.decode(Int.self, forKey: .newWordsPerDay),
      dueTimes: try container.decode([Word.ID: Timestamp].self, forKey: .dueTimes),
      newWordsBegun: try container.decodeIfPresent(Int.self, forKey: .newWordsBegun) ?? 0,
      learningWordIDs: try container.decodeIfPresent(Set<Word.ID>.self, forKey: .learningWordIDs)
        ?? [],
      learnAheadLimit: try container.decodeIfPresent(Duration.self, forKey: .learnAheadLimit)
        ?? ReviewSettings.standardLearnAheadLimit)
  }

  /// Encodes a schedule; its learning words and learn-ahead limit only when they say
  /// something, so that logs of schedules without them read the same as before.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(time, forKey: .time)
    try container.encode(newWordsPerDay, forKey: .newWordsPerDay)
    try container.encode(dueTimes, forKey: .dueTimes)
    try container.encode(newWordsBegun, forKey: .newWordsBegun)
    if !learningWordIDs.isEmpty { try container.encode(learningWordIDs, forKey: .learningWordIDs) }
    if learnAheadLimit != ReviewSettings.standardLearnAheadLimit {
      try container.encode(learnAheadLimit, forKey: .learnAheadLimit)
    }
  }
}
