/// When a book's reviewed words fall due, as the service gave it at one time: what
/// ``StudySessionFeature/Action/scheduleLoaded(_:_:)`` carries into ``AppState/schedule``.
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

  /// Creates a schedule.
  ///
  /// - Parameters:
  ///   - time: When the schedule was read.
  ///   - newWordsPerDay: How many new words a day Due mode adds after the due ones.
  ///   - dueTimes: When each reviewed word of the book falls due.
  ///   - newWordsBegun: How many words had their first review on the day of `time`.
  public init(
    time: Timestamp, newWordsPerDay: Int, dueTimes: [Word.ID: Timestamp], newWordsBegun: Int = 0
  ) {
    self.time = time
    self.newWordsPerDay = newWordsPerDay
    self.dueTimes = dueTimes
    self.newWordsBegun = newWordsBegun
  }
}

extension BookSchedule: Codable {
  private enum CodingKeys: String, CodingKey {
    case time, newWordsPerDay, dueTimes, newWordsBegun
  }

  /// Decodes a schedule; one recorded before ``newWordsBegun`` existed has begun none.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      time: try container.decode(Timestamp.self, forKey: .time),
      newWordsPerDay: try container.decode(Int.self, forKey: .newWordsPerDay),
      dueTimes: try container.decode([Word.ID: Timestamp].self, forKey: .dueTimes),
      newWordsBegun: try container.decodeIfPresent(Int.self, forKey: .newWordsBegun) ?? 0)
  }
}
