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
      var tally = StudyTally()
      for word in try await fetchWords(in: book.id) { tally[word.studyState] += 1 }
      tallies[book.id] = tally
    }
    return tallies
  }
}
