extension Array where Element == Review {
  /// The reviews in time order, those of the same time in the order they were recorded: the
  /// order a word's log is replayed in, so that ratings made apart (two devices, one offline)
  /// count as they happened whatever order they arrive in.
  ///
  /// - Complexity: O(*n*) for reviews already in time order, else O(*n* log *n*).
  package func inTimeOrder() -> [Review] {
    guard zip(self, dropFirst()).contains(where: { $0.time > $1.time }) else { return self }
    return enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
      .map(\.element)
  }
}
