/// A word with its memory state, as a book's schedule lists it.
public struct ScheduledWord: Hashable, Sendable {
  /// The word.
  public var word: Word
  /// What the scheduler knows of it; ``MemoryState/new`` when it was never reviewed.
  public var memory: MemoryState

  /// Creates a line of a schedule.
  ///
  /// - Parameters:
  ///   - word: The word.
  ///   - memory: Its memory state.
  public init(word: Word, memory: MemoryState) {
    self.word = word
    self.memory = memory
  }
}
