import StoreCore

/// The selected book's review schedule, which ``StudyMode/due`` shows: when each reviewed word
/// falls due, how many are due, when the next one is, and how many new words are left today.
///
/// It is read from the service when Due mode is chosen
/// (``StudySessionFeature/Action/scheduleLoaded(_:_:)``), and each review the service records moves
/// its word's due time in O(log *n*): the earliest due time is the top of a heap, never a scan.
///
/// ```swift
/// if state.session.words.mode == .due, let next = state.session.schedule.nextDue {
///   print("\(state.session.schedule.dueCount) due, the next at \(next.iso8601)")
/// }
/// ```
public struct ReviewSchedule: Equatable, Sendable {
  /// How far reading the schedule got.
  public var status: LoadStatus = .notLoaded
  /// When the schedule was read; the due words are those due by then.
  public private(set) var time: Timestamp?
  /// How many new words a day Due mode adds after the due ones.
  public private(set) var newWordsPerDay = ReviewSettings.standard.newWordsPerDay
  /// When each reviewed word of the book falls due; a word not here is new.
  public private(set) var dueTimes: [Word.ID: Timestamp] = [:]
  /// The reviewed words in learning or relearning.
  public private(set) var learningWordIDs: Set<Word.ID> = []
  /// How long before its step is due a learning word is shown when a round has nothing else
  /// left.
  public private(set) var learnAheadLimit = ReviewSettings.standardLearnAheadLimit
  /// How many words are due by ``time``, counting the reviews recorded since.
  public private(set) var dueCount = 0
  /// How many new words have been begun on the day of ``ratingDay``: those the service counted
  /// when the schedule was read, and those this session has reviewed since.
  public private(set) var newWordsReviewed = 0
  /// The UTC day, in days since 1970, that ``newWordsReviewed`` counts.
  public private(set) var ratingDay: Int64?
  @Bookkeeping private var queue = DueQueue()

  /// An empty schedule, not yet read.
  public init() {}

  /// When the next word falls due, the earliest of all: at or before ``time`` while words are
  /// due. `nil` when no word of the book has been reviewed.
  ///
  /// - Complexity: O(1).
  public var nextDue: Timestamp? { queue.first?.due }

  /// When the next word falls due once none is due by ``time``: what a front end shows after
  /// the due words are done. `nil` while words are due, or when none has been reviewed.
  public var upcomingDue: Timestamp? {
    guard let next = nextDue, let time, next > time else { return nil }
    return next
  }

  /// How many new words Due mode still shows today: the day's allowance less the new words
  /// begun that day, in any session.
  public var newWordsLeft: Int {
    guard let time else { return newWordsPerDay }
    let reviewedToday = ratingDay == Self.day(of: time) ? newWordsReviewed : 0
    return max(0, newWordsPerDay - reviewedToday)
  }

  /// The learning and relearning words due after ``time`` and within a day of it, by due time
  /// and then ID: a round shows them when their step is due.
  ///
  /// - Complexity: O(*k* log *k*) for *k* learning words.
  public var learningLaterWordIDs: [Word.ID] {
    guard let time else { return [] }
    let end = time.advanced(by: Timestamp.secondsPerDay)
    return learningWordIDs.compactMap { id in
      dueTimes[id].flatMap { $0 > time && $0 < end ? (due: $0, id: id) : nil }
    }
    .sorted { ($0.due, $0.id) < ($1.due, $1.id) }.map(\.id)
  }

  /// The words due by ``time``, most overdue first, then by ID.
  ///
  /// - Complexity: O(*n* + *k* log *k*) for *k* due words.
  public var dueWordIDs: [Word.ID] {
    guard let time else { return [] }
    // Pairs in an array, not a filtered dictionary, sorted in place: no pair is equal to
    // another, so the sort need not be stable (at 1M words this was a third of Due mode's
    // work once the schedule was in).
    var due: [(due: Int64, id: Int64)] = []
    due.reserveCapacity(dueCount)
    for (id, dueTime) in dueTimes where dueTime <= time {
      due.append((dueTime.secondsSince1970, id.rawValue))
    }
    due.sort { $0 < $1 }
    return due.map { Word.ID($0.id) }
  }

  /// Takes the schedule the service read, with its count of the new words begun that day.
  ///
  /// The service's count includes this session's reviews that reached it; the larger of the two
  /// counts is kept, so a schedule recorded without a count keeps the session's.
  ///
  /// - Parameter schedule: The schedule read.
  /// - Complexity: O(*n*).
  public mutating func load(_ schedule: BookSchedule) {
    status = .loaded
    time = schedule.time
    newWordsPerDay = schedule.newWordsPerDay
    dueTimes = schedule.dueTimes
    learningWordIDs = schedule.learningWordIDs
    learnAheadLimit = schedule.learnAheadLimit
    dueCount = dueTimes.values.count { $0 <= schedule.time }
    queue = DueQueue(dueTimes)
    let day = Self.day(of: schedule.time)
    newWordsReviewed = max(ratingDay == day ? newWordsReviewed : 0, schedule.newWordsBegun)
    ratingDay = day
  }

  /// Moves a word's due time to what the service gave after recording or removing one of its
  /// reviews.
  ///
  /// - Parameters:
  ///   - memory: The word's memory state now.
  ///   - wordID: The word.
  /// - Complexity: O(log *n*) amortized.
  public mutating func record(_ memory: MemoryState, of wordID: Word.ID) {
    if memory.phase.isLearning {
      learningWordIDs.insert(wordID)
    } else {
      learningWordIDs.remove(wordID)
    }
    let old = dueTimes[wordID]
    let new = memory.due
    guard old != new else { return }
    dueTimes[wordID] = new
    if let time {
      if let old, old <= time { dueCount -= 1 }
      if let new, new <= time { dueCount += 1 }
    }
    switch (old, new, memory.lastReview) {
    case (nil, .some, let reviewed?):
      let day = Self.day(of: reviewed)
      newWordsReviewed = ratingDay == day ? newWordsReviewed + 1 : 1
      ratingDay = day
    case (.some, nil, _):
      newWordsReviewed = max(0, newWordsReviewed - 1)
    default: break
    }
    if let new { queue.push(.init(due: new, wordID: wordID)) }
    queue.dropStale(keeping: dueTimes)
  }

  /// Forgets a word that left the book.
  mutating func forget(_ wordID: Word.ID) {
    learningWordIDs.remove(wordID)
    guard let old = dueTimes.removeValue(forKey: wordID) else { return }
    if let time, old <= time { dueCount -= 1 }
    queue.dropStale(keeping: dueTimes)
  }

  private static func day(of time: Timestamp) -> Int64 {
    let (days, seconds) = time.secondsSince1970.quotientAndRemainder(
      dividingBy: Timestamp.secondsPerDay)
    return seconds < 0 ? days - 1 : days
  }
}

extension ReviewSchedule: Codable {
  private enum CodingKeys: String, CodingKey {
    case status, time, newWordsPerDay, dueTimes, newWordsReviewed, ratingDay
    case learningWordIDs, learnAheadLimit
  }

  /// Decodes a schedule, counting its due words and rebuilding its heap.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if let time = try container.decodeIfPresent(Timestamp.self, forKey: .time) {
      load(
        BookSchedule(
          time: time,
          newWordsPerDay: try container.decode(Int.self, forKey: .newWordsPerDay),
          dueTimes: try container.decode([Word.ID: Timestamp].self, forKey: .dueTimes),
          learningWordIDs: try container.decodeIfPresent(
            Set<Word.ID>.self, forKey: .learningWordIDs) ?? [],
          learnAheadLimit: try container.decodeIfPresent(Duration.self, forKey: .learnAheadLimit)
            ?? ReviewSettings.standardLearnAheadLimit))
    }
    status = try container.decode(LoadStatus.self, forKey: .status)
    newWordsReviewed = try container.decode(Int.self, forKey: .newWordsReviewed)
    ratingDay = try container.decodeIfPresent(Int64.self, forKey: .ratingDay)
  }

  /// Encodes the schedule's values; the heap is rebuilt from them.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(status, forKey: .status)
    try container.encodeIfPresent(time, forKey: .time)
    try container.encode(newWordsPerDay, forKey: .newWordsPerDay)
    try container.encode(dueTimes, forKey: .dueTimes)
    try container.encode(newWordsReviewed, forKey: .newWordsReviewed)
    try container.encodeIfPresent(ratingDay, forKey: .ratingDay)
    if !learningWordIDs.isEmpty { try container.encode(learningWordIDs, forKey: .learningWordIDs) }
    if learnAheadLimit != ReviewSettings.standardLearnAheadLimit {
      try container.encode(learnAheadLimit, forKey: .learnAheadLimit)
    }
  }
}
