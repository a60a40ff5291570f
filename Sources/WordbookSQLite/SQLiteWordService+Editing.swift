import Wordbook

extension SQLiteWordService {
  /// Renames a wordbook; the title is stored trimmed.
  ///
  /// Titles are compared as `String.wordbookTitleKey` in Normalization Form C, kept in the
  /// `title_key` column under a unique index, so the check is one index lookup.
  public func renameBook(_ bookID: WordBook.ID, to title: String) async throws(WordServiceError)
    -> WordBook
  {
    try await writing(.renameBook) { connection throws(WordServiceError) in
      try connection.renameBook(bookID, to: title)
    }
  }

  /// Deletes a wordbook and its words in one transaction.
  ///
  /// - Complexity: O(*n* log *m*) for a book of *n* words in a library of *m*: each word
  ///   leaves the table, its indexes and the search index.
  public func deleteBook(_ bookID: WordBook.ID) async throws(WordServiceError) {
    try await writing(.deleteBook) { connection throws(WordServiceError) in
      try connection.deleteBook(bookID)
    }
  }

  /// Returns the wordbook studied last, or `nil` when none was set or it was deleted.
  public func lastStudiedBook() async throws(WordServiceError) -> WordBook.ID? {
    try await reading(.readSettings) { connection throws(WordServiceError) in
      try connection.lastStudiedBook()
    }
  }

  /// Remembers the wordbook being studied, in the database's `settings` table.
  public func setLastStudiedBook(_ bookID: WordBook.ID) async throws(WordServiceError) {
    try await writing(.saveSettings) { connection throws(WordServiceError) in
      try connection.setLastStudiedBook(bookID)
    }
  }

  /// Remembers the study mode a book was left in, in its row.
  public func setStudyMode(_ mode: StudyMode, of bookID: WordBook.ID)
    async throws(WordServiceError)
  {
    try await writing(.saveSettings) { connection throws(WordServiceError) in
      try connection.setStudyMode(mode, of: bookID)
    }
  }

  /// Changes a word's term and meaning in one statement; the search index follows by trigger.
  public func updateWord(_ wordID: Word.ID, term: String, meaning: String)
    async throws(WordServiceError) -> Word
  {
    try await writing(.saveWord) { connection throws(WordServiceError) in
      try connection.updateWord(wordID, term: term, meaning: meaning)
    }
  }

  /// Finds the words whose term or meaning contains `query`, one page at a time, by book ID
  /// and then word ID.
  ///
  /// A query of three or more characters is answered from a trigram full-text index, so a page
  /// costs about the same in a library of a million words as in one of a thousand; a shorter
  /// one scans the words book by book (ignoring the case of ASCII letters only), stopping once
  /// the page is full.
  public func searchWords(
    matching query: String, in bookID: WordBook.ID?, after: WordSearchHit?, limit: Int
  ) async throws(WordServiceError) -> [WordSearchHit] {
    try await reading(.searchWords) { connection throws(WordServiceError) in
      let books: [WordBook.ID]
      if let bookID {
        try connection.requireBook(bookID)
        books = after.map { $0.bookID > bookID } == true ? [] : [bookID]
      } else {
        books = try connection.bookIDs(from: after?.bookID ?? WordBook.ID(0))
      }
      var hits: [WordSearchHit] = []
      for book in books where hits.count < limit {
        let start = after?.bookID == book ? after?.word.id : nil
        for word in try connection.searchWords(
          matching: query, in: book, after: start, limit: limit - hits.count)
        {
          hits.append(WordSearchHit(bookID: book, word: word))
        }
      }
      return hits
    }
  }
}
