import WordbookInterchange

/// A note of an Anki collection that was rejected, with its 1-based position and why.
public struct AnkiNoteProblem: Error, Hashable, Sendable, CustomStringConvertible {
  /// The note's 1-based position in the collection, in the order the notes were added.
  public var note: Int
  /// Why the note was rejected.
  public var reason: LineProblem.Reason

  /// Creates a problem.
  public init(note: Int, reason: LineProblem.Reason) {
    self.note = note
    self.reason = reason
  }

  /// The problem as `note N: reason`.
  public var description: String { "note \(note): \(reason)" }
}
