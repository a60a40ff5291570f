extension WordList: CustomReflectable {
  /// The list's public shape, for dumps and test-failure diffs: its filter, every word in
  /// study order, and the IDs of those the filter hides; under Due mode, or for words chosen
  /// to study on their own, the IDs shown in the order shown. Never the storage (the arrays of
  /// positions, the ID index).
  public var customMirror: Mirror {
    let shown = Set(visibleWords.lazy.map(\.id))
    let words = order.map { word(at: Int($0)) }
    var children: [(label: String?, value: Any)] = [
      ("mode", mode), ("searchQuery", searchQuery as Any), ("words", words),
      ("hidden", words.map(\.id).filter { !shown.contains($0) }),
    ]
    if mode == .due || isShowingChosenWords {
      children.append(("shown", visibleWords.indices.map(visibleWords.id(at:))))
    }
    return Mirror(self, children: children, displayStyle: .struct)
  }
}
