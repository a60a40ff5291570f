import Wordbook

extension PostgresWordService {
  /// Renames a wordbook; the title is stored trimmed.
  ///
  /// Titles are compared as `String.wordbookTitleKey` in Normalization Form C, kept in the
  /// `title_key` column under a unique index per user.
  public func renameBook(_ bookID: WordBook.ID, to title: String) async throws(WordServiceError)
    -> WordBook
  {
    let title = try WordServiceError.validTitle(title)
    return try await withLibrary { library throws(WordServiceError) in
      try library.inTransaction(.renameBook) { () throws(WordServiceError) in
        if let existing = try library.book(titled: title), existing.id != bookID {
          throw .titleTaken(by: existing)
        }
        guard try library.setTitle(title, of: bookID), let book = try library.book(bookID)
        else { throw .bookNotFound(bookID) }
        return book
      }
    }
  }

  /// Deletes a wordbook and its words in one transaction.
  public func deleteBook(_ bookID: WordBook.ID) async throws(WordServiceError) {
    try await withLibrary { library throws(WordServiceError) in
      try library.inTransaction(.deleteBook) { () throws(WordServiceError) in
        guard try library.deleteBook(bookID) else { throw .bookNotFound(bookID) }
      }
    }
  }

  /// Returns the wordbook studied last, or `nil` when none was set or it was deleted.
  public func lastStudiedBook() async throws(WordServiceError) -> WordBook.ID? {
    try await withLibrary { library throws(WordServiceError) in
      try library.connection.inTransaction(.readSettings) { () throws(WordServiceError) in
        guard let raw = try library.integerSetting(Self.lastStudiedBookKey) else { return nil }
        let bookID = WordBook.ID(raw)
        return try library.bookExists(bookID) ? bookID : nil
      }
    }
  }

  /// Remembers the wordbook being studied, in the user's `settings` rows.
  public func setLastStudiedBook(_ bookID: WordBook.ID) async throws(WordServiceError) {
    try await withLibrary { library throws(WordServiceError) in
      try library.inTransaction(.saveSettings) { () throws(WordServiceError) in
        guard try library.bookExists(bookID) else { throw .bookNotFound(bookID) }
        try library.setIntegerSetting(Self.lastStudiedBookKey, to: bookID.rawValue)
      }
    }
  }

  /// Changes a word's term and meaning in one statement.
  public func updateWord(_ wordID: Word.ID, term: String, meaning: String)
    async throws(WordServiceError) -> Word
  {
    _ = try WordServiceError.validTerm(term)
    return try await withLibrary { library throws(WordServiceError) in
      try library.inTransaction(.saveWord) { () throws(WordServiceError) in
        guard let word = try library.updateWord(wordID, term: term, meaning: meaning) else {
          throw .wordNotFound(wordID)
        }
        return word
      }
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
    try await withLibrary { library throws(WordServiceError) in
      try library.connection.inTransaction(.searchWords) { () throws(WordServiceError) in
        if let bookID, try !library.bookExists(bookID) { throw .bookNotFound(bookID) }
        return try library.searchWords(matching: query, in: bookID, after: after, limit: limit)
      }
    }
  }

  /// The `settings` key of the last studied book.
  private static let lastStudiedBookKey = "last_studied_book"
}
