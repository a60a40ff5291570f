/// What an import does with a row whose term is already in the book.
public enum DuplicatePolicy: String, CaseIterable, Hashable, Sendable, Codable {
  /// Leave the existing word as it is and count the row as skipped.
  case skip
  /// Overwrite the existing word's meaning, image and study state with the row's.
  case update
  /// Add the row as another word with the same term.
  case keep
}
