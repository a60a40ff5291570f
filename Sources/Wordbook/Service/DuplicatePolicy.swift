/// What an import does with a row that matches a card of the book.
///
/// A row is a *duplicate* when a card of the book (or a row added earlier in the same import)
/// has the same term and the same meaning, and a *homonym* when cards have its term but none
/// has its meaning. Every policy adds homonyms as new cards, so importing a list with one term
/// under several meanings keeps each meaning; the policies differ only on duplicates.
public enum DuplicatePolicy: String, CaseIterable, Hashable, Sendable, Codable {
  /// Leave the matching card as it is and count the row as a duplicate.
  case skip
  /// Bring the matching card up to date with the row: its study state when the row records
  /// `success` or `fail` (never back to not studied, so no study mark is lost), and its image
  /// when the row has one. The row counts as updated when the card changed, else unchanged.
  case update
  /// Add the row as another card even though an equal card exists; it counts as a duplicate.
  case keep
}
