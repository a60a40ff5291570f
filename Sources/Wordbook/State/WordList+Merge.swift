extension WordList {
  /// Replaces the words with `loaded`, the book as stored now, without disturbing the study:
  /// words still there keep their place in the study order and their visibility, words not
  /// seen before go at the end (visible when the mode and the search show them), and words no
  /// longer there leave, from Due mode's words too.
  ///
  /// - Parameter loaded: Every word of the book, in the order they were added.
  /// - Returns: The IDs of the words that left.
  /// - Complexity: O(*n* + *m*) for *n* words held and *m* loaded.
  mutating func merge(_ loaded: [Word]) -> [Word.ID] {
    var merged = WordList(loaded)
    merged.restoreFilter(mode: mode, searchQuery: searchQuery)
    var isPlaced = [Bool](repeating: false, count: merged.count)
    var removed: [Word.ID] = []
    var order: [Int32] = []
    order.reserveCapacity(merged.count)
    for position in self.order {
      let wordID = id(at: Int(position))
      if let newPosition = merged.position(of: wordID) {
        order.append(Int32(newPosition))
        isPlaced[newPosition] = true
      } else {
        removed.append(wordID)
      }
    }
    func moved(_ positions: [Int32]) -> [Int32] {
      positions.compactMap { merged.position(of: id(at: Int($0))).map(Int32.init) }
    }
    var visible = moved(self.visible)
    var due = moved(duePositions)
    let chosen = chosenPositions.map(moved)
    for position in isPlaced.indices where !isPlaced[position] {
      order.append(Int32(position))
      if chosen == nil, merged.isShown(at: position) { visible.append(Int32(position)) }
      if mode == .due { due.append(Int32(position)) }
    }
    merged.order = order
    merged.setVisible(visible, due: due, chosen: chosen)
    self = merged
    return removed
  }
}
