extension WordList: Equatable {
  /// Two lists are equal when they hold the same words and states in the same study and
  /// visible order, filtered by the same mode and search.
  public static func == (lhs: WordList, rhs: WordList) -> Bool {
    lhs.mode == rhs.mode && lhs.searchQuery == rhs.searchQuery && lhs.hasSameWords(as: rhs)
      && lhs.states == rhs.states && lhs.order == rhs.order && lhs.visible == rhs.visible
      && lhs.duePositions == rhs.duePositions && lhs.chosenPositions == rhs.chosenPositions
  }
}

extension WordList {
  /// Whether the two lists hold the same words, each with the same text, in the same order
  /// they were added.
  private func hasSameWords(as other: WordList) -> Bool {
    guard count == other.count else { return false }
    if shared === other.shared, edited == other.edited, added == other.added { return true }
    return (0..<count).allSatisfy { entry(at: $0) == other.entry(at: $0) }
  }
}
