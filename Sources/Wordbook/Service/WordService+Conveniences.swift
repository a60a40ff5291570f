extension WordService {
  /// Returns a book's whole schedule, page by page from
  /// ``fetchSchedule(in:dueBy:after:limit:)``.
  ///
  /// - Parameters:
  ///   - bookID: The book.
  ///   - time: With a time, the words due by then, most overdue first; with `nil`, every word.
  /// - Throws: ``WordServiceError/Kind/notFound`` when the book does not exist.
  public func fetchSchedule(in bookID: WordBook.ID, dueBy time: Timestamp?)
    async throws(WordServiceError) -> [ScheduledWord]
  {
    var schedule: [ScheduledWord] = []
    while true {
      let page = try await fetchSchedule(
        in: bookID, dueBy: time, after: schedule.last, limit: 4096)
      schedule += page
      if page.count < 4096 { return schedule }
    }
  }

  /// Returns when each of a book's reviewed words falls due, and which are learning, from
  /// ``fetchSchedule(in:dueBy:after:limit:)`` page by page.
  ///
  /// - Parameter bookID: The book.
  /// - Returns: The due time of every word of the book that has one, and the learning ones.
  /// - Throws: ``WordServiceError/Kind/notFound`` when the book does not exist.
  public func fetchDueTimes(in bookID: WordBook.ID) async throws(WordServiceError)
    -> BookDueTimes
  {
    var times = BookDueTimes()
    var last: ScheduledWord?
    while true {
      let page = try await fetchSchedule(in: bookID, dueBy: .endOfTime, after: last, limit: 4096)
      for line in page { times.add(line.word.id, line.memory) }
      guard page.count == 4096 else { return times }
      guard !Task.isCancelled else { throw .cancelled }
      last = page.last
    }
  }

  /// Adds the words of an array to a book in one transaction, as
  /// ``importWords(intoBookTitled:onDuplicate:progress:rows:)`` does with its batches.
  ///
  /// - Parameters:
  ///   - drafts: The words, in the order to add them.
  ///   - title: The title of the book to import into.
  ///   - policy: What to do with a row equal to a card of the book.
  ///   - progress: Called now and then with the number of drafts processed so far.
  /// - Returns: The counts of each kind of row.
  /// - Throws: ``WordServiceError`` as the batch form does.
  public func importWords(
    _ drafts: [WordDraft],
    intoBookTitled title: String,
    onDuplicate policy: DuplicatePolicy,
    progress: @escaping @Sendable (Int) -> Void
  ) async throws(WordServiceError) -> ImportSummary {
    try await importWords(intoBookTitled: title, onDuplicate: policy, progress: progress) {
      write throws(WordServiceError) in
      try write(drafts)
    }
  }
}
