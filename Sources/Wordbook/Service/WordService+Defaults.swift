extension WordService {
  /// Returns a page of a book's words, taken from ``fetchWords(in:)``: correct for any
  /// service, but it reads the whole book for every page. A service that can read a range of
  /// words implements this itself.
  public func fetchWords(in bookID: WordBook.ID, after word: Word.ID?, limit: Int)
    async throws(WordServiceError) -> [Word]
  {
    let words = try await fetchWords(in: bookID)
    let start = word.map { last in words.firstIndex { $0.id > last } ?? words.endIndex } ?? 0
    return Array(words[start...].prefix(limit))
  }

  /// Counts the words of every book from ``fetchBooks()`` and ``fetchWords(in:)``: correct for
  /// any service, but it reads every word. A service that can count implements this itself.
  public func fetchTallies() async throws(WordServiceError) -> [WordBook.ID: StudyTally] {
    var tallies: [WordBook.ID: StudyTally] = [:]
    for book in try await fetchBooks() {
      let words = try await fetchWords(in: book.id)
      // A book without words has no tally, as the requirement says.
      guard !words.isEmpty else { continue }
      var tally = StudyTally()
      for word in words { tally[word.studyState] += 1 }
      tallies[book.id] = tally
    }
    return tallies
  }

  /// Searches every word from ``fetchBooks()`` and ``fetchWords(in:)``: correct for any
  /// service, but it reads every word of the books searched. A service with an index
  /// implements this itself.
  public func searchWords(
    matching query: String, in bookID: WordBook.ID?, after: WordSearchHit?, limit: Int
  ) async throws(WordServiceError) -> [WordSearchHit] {
    let bookIDs: [WordBook.ID]
    if let bookID {
      bookIDs = [bookID]
    } else {
      bookIDs = try await fetchBooks().map(\.id).sorted()
    }
    let key = query.lowercased()
    var hits: [WordSearchHit] = []
    for id in bookIDs where hits.count < limit {
      if let after, id < after.bookID { continue }
      for word in try await fetchWords(in: id) where word.matchesSearch(key) {
        let hit = WordSearchHit(bookID: id, word: word)
        if let after, !after.precedes(hit) { continue }
        hits.append(hit)
        if hits.count == limit { break }
      }
    }
    return hits
  }
}

extension Word {
  /// Whether the term or meaning contains `key`, a lowercased query.
  package func matchesSearch(_ key: String) -> Bool {
    key.isEmpty || term.lowercased().contains(key) || meaning.lowercased().contains(key)
  }
}
