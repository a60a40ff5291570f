/// The words a study session shows, in study order, read through the list's positions
/// without building an array of words.
///
/// Read it and let it go: holding it across a `send` keeps the list's storage shared, so the
/// next change to the state would have to copy it.
public struct VisibleWords: RandomAccessCollection, Sendable {
  let list: WordList
  /// The visible positions, read once from the list.
  let positions: [Int32]

  init(list: WordList) {
    self.list = list
    positions = list.visible
  }

  /// The position of the first visible word: 0.
  public var startIndex: Int { 0 }

  /// The number of visible words.
  public var endIndex: Int { positions.count }

  /// The visible word at `position`.
  public subscript(position: Int) -> Word {
    list.word(at: Int(positions[position]))
  }

  /// The ID of the visible word at `position`, without assembling the word.
  public func id(at position: Int) -> Word.ID {
    list.id(at: Int(positions[position]))
  }

  /// The study state of the visible word at `position`, without assembling the word.
  public func studyState(at position: Int) -> StudyState {
    list.state(at: Int(positions[position]))
  }

  /// The position among the visible words of the word with `id`, or `nil`.
  ///
  /// - Complexity: O(*n*).
  public func firstIndex(of id: Word.ID) -> Int? {
    guard let position = list.position(of: id) else { return nil }
    return positions.firstIndex(of: Int32(position))
  }
}
