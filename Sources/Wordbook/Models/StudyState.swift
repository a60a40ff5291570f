/// How the learner last rated a word: swiped right (success), left (fail), or not yet.
public enum StudyState: UInt8, CaseIterable, Hashable, Sendable, Codable {
  /// The word has not been rated, or its rating was reset.
  case notStudied = 0
  /// The learner knew the word (swiped right; shown in green).
  case success = 1
  /// The learner did not know the word (swiped left; shown in yellow).
  case fail = 2
}

extension StudyState {
  /// The state's one spelling in every command's output and the page: `not-studied`, `known`
  /// or `not-known`.
  public var name: String {
    switch self {
    case .notStudied: "not-studied"
    case .success: "known"
    case .fail: "not-known"
    }
  }

  /// Reads a state spelled as ``name`` spells it.
  ///
  /// - Parameter name: `not-studied`, `known` or `not-known`.
  public init?(name: String) {
    guard let state = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = state
  }
}
