/// What became of the answers of an Anki package's review log.
public struct AnkiReviewSummary: Hashable, Sendable {
  /// The answers added to the words' review logs.
  public var imported: Int
  /// The answers of notes that did not become words in this import (rejected, or skipped as
  /// duplicates of words the book had) or whose card or note the collection does not hold.
  public var ofNotesNotImported: Int
  /// The answers dated before 2006 or more than a day after the import.
  public var withImpossibleTimes: Int

  /// Creates a summary.
  public init(imported: Int = 0, ofNotesNotImported: Int = 0, withImpossibleTimes: Int = 0) {
    self.imported = imported
    self.ofNotesNotImported = ofNotesNotImported
    self.withImpossibleTimes = withImpossibleTimes
  }
}
