import Wordbook

extension PostgresWordService {
  /// Finds the words whose term or meaning contains `query`, one page at a time, by book ID
  /// and then word ID, in one statement.
  ///
  /// - Complexity: A scan of the user's words (of one book, with `bookID`) that stops once the
  ///   page is full; there is no text index yet.
  public func searchWords(
    matching query: String, in bookID: WordBook.ID?, after: WordSearchHit?, limit: Int
  ) async throws(WordServiceError) -> [WordSearchHit] {
    try await reading(.searchWords) { library throws(WordServiceError) in
      if let bookID { try library.requireBook(bookID) }
      return try library.searchWords(matching: query, in: bookID, after: after, limit: limit)
    }
  }
}
