/// One change a ``WordService`` made to what it stores, as its change feed
/// (``WordService/changes()``) reports it to every open session.
///
/// A change names IDs and carries the words as stored after it, never a whole book: a change
/// too large to list (an import) is reported as ``bookReloaded(_:)`` instead.
public enum WordChange: Hashable, Sendable, Codable {
  /// A word was added at the end of a book.
  case wordAdded(Word, book: WordBook.ID)
  /// A word's mark, term or meaning changed; the word is as stored now.
  case wordUpdated(Word, book: WordBook.ID)
  /// A word was deleted from a book.
  case wordDeleted(Word.ID, book: WordBook.ID)
  /// Too many words of a book changed to list them, as after an import: a session showing the
  /// book loads its words again.
  case bookReloaded(WordBook.ID)
  /// A book was created, renamed or deleted: a session loads the list of books again.
  case booksChanged
}
