extension WordList: Codable {
  private enum CodingKeys: String, CodingKey {
    case words
    case order
    case visible
    case mode
    case search
    case due
    case chosen
  }

  /// Decodes a list, checking that the study order is a permutation of the words and that
  /// the visible words are among them.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(try container.decode([Word].self, forKey: .words))
    let order = try container.decode([Int32].self, forKey: .order)
    let visible = try container.decode([Int32].self, forKey: .visible)
    let due = try container.decodeIfPresent([Int32].self, forKey: .due) ?? []
    let chosen = try container.decodeIfPresent([Int32].self, forKey: .chosen)
    var seen = [Bool](repeating: false, count: count)
    for position in order {
      guard seen.indices.contains(Int(position)), !seen[Int(position)] else {
        throw DecodingError.dataCorruptedError(
          forKey: .order, in: container,
          debugDescription: "The study order is not a permutation of the words.")
      }
      seen[Int(position)] = true
    }
    guard order.count == count,
      (visible + due + (chosen ?? [])).allSatisfy({ seen.indices.contains(Int($0)) })
    else {
      throw DecodingError.dataCorruptedError(
        forKey: .visible, in: container,
        debugDescription: "The study order or visible words do not match the words.")
    }
    self.order = order
    setVisible(visible, due: due, chosen: chosen)
    // Lists written before the list held its mode were in a state that held it.
    restoreFilter(
      mode: try container.decodeIfPresent(StudyMode.self, forKey: .mode) ?? .all,
      searchQuery: try container.decodeIfPresent(String.self, forKey: .search))
    _ = takeChanges()
  }

  /// Encodes the words in the order they were added, then the study order and the visible
  /// words as positions, and the filter they were made with.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(allWords, forKey: .words)
    try container.encode(order, forKey: .order)
    try container.encode(visible, forKey: .visible)
    try container.encode(mode, forKey: .mode)
    try container.encodeIfPresent(searchQuery, forKey: .search)
    if !duePositions.isEmpty { try container.encode(duePositions, forKey: .due) }
    try container.encodeIfPresent(chosenPositions, forKey: .chosen)
  }
}
