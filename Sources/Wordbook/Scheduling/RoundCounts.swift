/// The cards a study round has left, by kind, as Anki counts its queue: *New · Learning · Due*.
///
/// The counts always add up to what is left (``total``). A round of a study mode other than
/// Due, whose cards are not read from the schedule, counts them as ``unscheduled``.
/// ``WordService/fetchRoundCounts(at:)`` counts what a Due round of each book would hold.
public struct RoundCounts: Hashable, Sendable, Codable {
  /// Words never reviewed.
  public var new: Int
  /// Learning and relearning words whose step is due, or due within the learn-ahead limit.
  public var learning: Int
  /// Review words due.
  public var due: Int
  /// Cards of a round not read from the schedule: every card of a mode other than Due, and of
  /// a round of chosen cards (the ones missed, the round again).
  public var unscheduled: Int

  /// Creates counts.
  ///
  /// - Parameters:
  ///   - new: Words never reviewed.
  ///   - learning: Learning and relearning words due within the learn-ahead limit.
  ///   - due: Review words due.
  ///   - unscheduled: Cards not read from the schedule.
  public init(new: Int = 0, learning: Int = 0, due: Int = 0, unscheduled: Int = 0) {
    self.new = new
    self.learning = learning
    self.due = due
    self.unscheduled = unscheduled
  }

  /// Every card counted: what is left.
  public var total: Int { new + learning + due + unscheduled }
}
