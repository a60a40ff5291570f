/// How well the learner recalled a word at a review: FSRS's four grades.
///
/// The raw values are FSRS's own (1 to 4), so logs and parameters trained elsewhere, by Anki
/// or py-fsrs, keep their meaning.
public enum Rating: Int, CaseIterable, Hashable, Sendable, Codable {
  /// The learner forgot the word.
  case again = 1
  /// The learner recalled the word with serious difficulty.
  case hard = 2
  /// The learner recalled the word after some hesitation.
  case good = 3
  /// The learner recalled the word at once.
  case easy = 4
}
