/// How many words of a book are in each study state.
public struct StudyTally: Hashable, Sendable, Codable {
  /// Words not rated yet.
  public var notStudied = 0
  /// Words marked success.
  public var success = 0
  /// Words marked fail.
  public var fail = 0

  /// Creates a tally.
  public init(notStudied: Int = 0, success: Int = 0, fail: Int = 0) {
    self.notStudied = notStudied
    self.success = success
    self.fail = fail
  }

  /// The count for `state`.
  public subscript(state: StudyState) -> Int {
    get {
      switch state {
      case .notStudied: notStudied
      case .success: success
      case .fail: fail
      }
    }
    set {
      switch state {
      case .notStudied: notStudied = newValue
      case .success: success = newValue
      case .fail: fail = newValue
      }
    }
  }

  /// All words counted.
  public var total: Int { notStudied + success + fail }
}
