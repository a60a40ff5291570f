import Wordbook

extension PostgresWordService {
  /// Renames a wordbook; the title is stored trimmed.
  ///
  /// Titles are compared as `String.wordbookTitleKey` in Normalization Form C, kept in the
  /// `title_key` column under a unique index per user.
  public func renameBook(_ bookID: WordBook.ID, to title: String) async throws(WordServiceError)
    -> WordBook
  {
    try await writing(.renameBook) { library throws(WordServiceError) in
      try library.renameBook(bookID, to: title)
    }
  }

  /// Deletes a wordbook and its words in one transaction.
  public func deleteBook(_ bookID: WordBook.ID) async throws(WordServiceError) {
    try await writing(.deleteBook) { library throws(WordServiceError) in
      try library.deleteBook(bookID)
    }
  }

  /// Returns the wordbook studied last, or `nil` when none was set or it was deleted.
  public func lastStudiedBook() async throws(WordServiceError) -> WordBook.ID? {
    try await reading(.readSettings) { library throws(WordServiceError) in
      try library.lastStudiedBook()
    }
  }

  /// Remembers the wordbook being studied, in the user's `settings` rows.
  public func setLastStudiedBook(_ bookID: WordBook.ID) async throws(WordServiceError) {
    try await writing(.saveSettings) { library throws(WordServiceError) in
      try library.setLastStudiedBook(bookID)
    }
  }

  /// Changes a word's term and meaning in one statement.
  public func updateWord(_ wordID: Word.ID, term: String, meaning: String)
    async throws(WordServiceError) -> Word
  {
    try await writing(.saveWord) { library throws(WordServiceError) in
      try library.updateWord(wordID, term: term, meaning: meaning)
    }
  }

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
