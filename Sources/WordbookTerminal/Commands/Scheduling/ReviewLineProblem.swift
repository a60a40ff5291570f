import Wordbook
import WordbookInterchange

/// Why `import-reviews` refused a line of a review history; the whole file is refused with it.
enum ReviewLineProblem: Error, Hashable, Sendable {
  /// The header row lacks the column (`term`, `rating` or `reviewed_at`).
  case missingColumn(String)
  /// The header row names the column (`term`, `rating`, `reviewed_at` or `meaning`) twice.
  case duplicateColumn(String)
  /// The line names no word of the book.
  case unmatched(ReviewedTermProblem)
  /// The rating is not again, hard, good, easy or 1 to 4.
  case invalidRating(String)
  /// The time is not ISO 8601 with a zone.
  case invalidTime(String)
  /// The time lies outside `Review.timeBounds`.
  case timeOutOfBounds(String)
  /// The line has another number of fields than the header row.
  case fieldCount(found: Int, expected: Int)
  /// A field of the line is empty.
  case emptyField
  /// The line cannot be read as a row of the table.
  case unreadable(LineProblem.Reason)
}
