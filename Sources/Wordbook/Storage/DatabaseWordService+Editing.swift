// The comments below are the services' documentation (see `DatabaseWordService`): they name
// other symbols in code spans, since links would resolve in the services' modules.

/// The calls that edit books and words, or the settings beside them: each runs a rule of
/// `WordStorage+Editing` in one transaction.
extension DatabaseWordService {
  /// Renames a wordbook; the title is stored trimmed.
  ///
  /// Titles are compared as `String.wordbookTitleKey` in Normalization Form C, kept in the
  /// `title_key` column under a unique index (of the user's books, in a database that many
  /// learners share), so the check is one index lookup.
  @_documentation(visibility: public)
  public func renameBook(_ bookID: WordBook.ID, to title: String) async throws(WordServiceError)
    -> WordBook
  {
    try await inTransaction(.writing(.renameBook)) { storage throws(WordServiceError) in
      try storage.renameBook(bookID, to: title)
    }
  }

  /// Deletes a wordbook and its words in one transaction.
  ///
  /// - Complexity: O(*n* log *m*) for a book of *n* words in a library of *m*: each word
  ///   leaves the table and its indexes.
  @_documentation(visibility: public)
  public func deleteBook(_ bookID: WordBook.ID) async throws(WordServiceError) {
    try await inTransaction(.writing(.deleteBook)) { storage throws(WordServiceError) in
      try storage.deleteBook(bookID)
    }
  }

  /// Returns the wordbook studied last, or `nil` when none was set or it was deleted.
  @_documentation(visibility: public)
  public func lastStudiedBook() async throws(WordServiceError) -> WordBook.ID? {
    try await inTransaction(.reading(.readSettings)) { storage throws(WordServiceError) in
      try storage.lastStudiedBook()
    }
  }

  /// Remembers the wordbook being studied, in the database's `settings`.
  @_documentation(visibility: public)
  public func setLastStudiedBook(_ bookID: WordBook.ID) async throws(WordServiceError) {
    try await inTransaction(.writing(.saveSettings)) { storage throws(WordServiceError) in
      try storage.setLastStudiedBook(bookID)
    }
  }

  /// Changes a word's term and meaning in one statement.
  @_documentation(visibility: public)
  public func updateWord(_ wordID: Word.ID, term: String, meaning: String)
    async throws(WordServiceError) -> Word
  {
    try await inTransaction(.writing(.saveWord)) { storage throws(WordServiceError) in
      try storage.updateWord(wordID, term: term, meaning: meaning)
    }
  }
}
