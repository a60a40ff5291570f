import Wordbook

extension SQLiteWordService {
  /// Remembers the study mode a book was left in, in its row.
  public func setStudyMode(_ mode: StudyMode, of bookID: WordBook.ID)
    async throws(WordServiceError)
  {
    try await writing(.saveSettings) { connection throws(WordServiceError) in
      try connection.setStudyMode(mode, of: bookID)
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
