/// Which words a study session shows.
public enum StudyMode: String, CaseIterable, Hashable, Sendable, Codable {
  /// Every word of the book.
  case all
  /// Every word except those marked ``StudyState/success``.
  case excludeSuccess
  /// Only the words marked ``StudyState/fail``.
  case failedOnly
  /// The words due for review when the schedule was read, most overdue first, then up to the
  /// day's new words: see ``ReviewSchedule``.
  case due

  /// Whether a word in `state` is shown under this mode; under ``due`` the schedule, not the
  /// study state, chooses the words.
  @inlinable
  public func includes(_ state: StudyState) -> Bool {
    switch self {
    case .all: true
    case .excludeSuccess: state != .success
    case .failedOnly: state == .fail
    case .due: true
    }
  }

  /// The mode that follows this one when the learner toggles the mode.
  public var next: StudyMode {
    switch self {
    case .all: .excludeSuccess
    case .excludeSuccess: .failedOnly
    case .failedOnly: .due
    case .due: .all
    }
  }
}
