/// When a book's reviewed words fall due, as the service gave it at one time: what
/// ``AppAction/scheduleLoaded(_:_:)`` carries into ``AppState/schedule``.
public struct BookSchedule: Hashable, Sendable, Codable {
  /// When the schedule was read: Due mode shows the words due by then.
  public var time: Timestamp
  /// How many new words a day Due mode adds after the due ones
  /// (``ReviewSettings/newWordsPerDay``).
  public var newWordsPerDay: Int
  /// When each word of the book that has been reviewed falls due; a word not here is new.
  public var dueTimes: [Word.ID: Timestamp]

  /// Creates a schedule.
  ///
  /// - Parameters:
  ///   - time: When the schedule was read.
  ///   - newWordsPerDay: How many new words a day Due mode adds after the due ones.
  ///   - dueTimes: When each reviewed word of the book falls due.
  public init(time: Timestamp, newWordsPerDay: Int, dueTimes: [Word.ID: Timestamp]) {
    self.time = time
    self.newWordsPerDay = newWordsPerDay
    self.dueTimes = dueTimes
  }
}
