extension WordList: CustomReflectable {
  /// The list's public shape, for dumps and test-failure diffs: its filter, every word in
  /// study order, and the IDs of those the filter hides, never the storage (the arrays of
  /// positions, the ID index).
  public var customMirror: Mirror {
    let shown = Set(visibleWords.lazy.map(\.id))
    let words = order.map { word(at: Int($0)) }
    return Mirror(
      self,
      children: [
        "mode": mode, "searchQuery": searchQuery as Any, "words": words,
        "hidden": words.map(\.id).filter { !shown.contains($0) },
      ],
      displayStyle: .struct)
  }
}
