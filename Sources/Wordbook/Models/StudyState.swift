/// How the learner last rated a word: swiped right (success), left (fail), or not yet.
public enum StudyState: UInt8, CaseIterable, Hashable, Sendable, Codable {
  /// The word has not been rated, or its rating was reset.
  case notStudied = 0
  /// The learner knew the word (swiped right; shown in green).
  case success = 1
  /// The learner did not know the word (swiped left; shown in yellow).
  case fail = 2
}
