/// When a book's reviewed words fall due, and which of them are learning or relearning: what
/// ``WordService/fetchDueTimes(in:)`` reads for a Due round.
public struct BookDueTimes: Hashable, Sendable, Codable {
  /// When each word of the book that has been reviewed falls due; a word not here is new.
  public var dueTimes: [Word.ID: Timestamp]
  /// The words in ``MemoryPhase/learning(step:)`` or ``MemoryPhase/relearning(step:)``: a round
  /// shows them again as soon as their step is due.
  public var learningWordIDs: Set<Word.ID>

  /// Creates the due times of a book.
  ///
  /// - Parameters:
  ///   - dueTimes: When each reviewed word falls due.
  ///   - learningWordIDs: Which of them are learning or relearning.
  public init(dueTimes: [Word.ID: Timestamp] = [:], learningWordIDs: Set<Word.ID> = []) {
    self.dueTimes = dueTimes
    self.learningWordIDs = learningWordIDs
  }

  /// Adds a word with its memory state: its due time, and whether it is learning.
  ///
  /// - Parameters:
  ///   - wordID: The word.
  ///   - memory: Its memory state; a new word adds nothing.
  public mutating func add(_ wordID: Word.ID, _ memory: MemoryState) {
    guard let due = memory.due else { return }
    dueTimes[wordID] = due
    if memory.phase.isLearning { learningWordIDs.insert(wordID) }
  }
}
