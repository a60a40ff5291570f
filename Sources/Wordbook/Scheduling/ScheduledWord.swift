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

  /// Whether this line comes after `last` in a schedule: by due time and then ID among the
  /// due words, by ID among all.
  package func comes(after last: ScheduledWord, amongDue: Bool) -> Bool {
    guard amongDue, let due = memory.due, let lastDue = last.memory.due else {
      return word.id > last.word.id
    }
    return (due, word.id) > (lastDue, last.word.id)
  }
}
