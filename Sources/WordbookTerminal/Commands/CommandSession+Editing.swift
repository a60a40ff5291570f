import Wordbook

#if canImport(Glibc)
  import Glibc
#endif

extension CommandSession {
  /// `wordbook edit`: changes one word's term, meaning or both, after checking that the word
  /// belongs to the book. Reads the one word from the book's index, never the book.
  func edit(_ wordID: Word.ID, of reference: String, term: String?, meaning: String?)
    async throws(CommandFailure)
  {
    let book = try await book(reference)
    let word = try await word(wordID, in: book)
    let edited = try await call { () async throws(WordServiceError) in
      try await service.updateWord(
        wordID, term: term ?? word.term, meaning: meaning ?? word.meaning)
    }
    try out.writeLine(catalogue.text(.edited(edited, book)))
  }

  /// `wordbook delete`: deletes words of one book. Every ID is checked first, so a wrong one
  /// changes nothing.
  func delete(_ wordIDs: [Word.ID], of reference: String) async throws(CommandFailure) {
    let book = try await book(reference)
    var unique: [Word.ID] = []
    for wordID in wordIDs where !unique.contains(wordID) {
      _ = try await word(wordID, in: book)
      unique.append(wordID)
    }
    for wordID in unique {
      try await call { () async throws(WordServiceError) in try await service.deleteWord(wordID) }
    }
    try out.writeLine(catalogue.text(.deletedWords(unique.count, book)))
  }

  /// `wordbook rename-book`.
  func renameBook(_ reference: String, to title: String) async throws(CommandFailure) {
    let book = try await book(reference)
    let renamed = try await call { () async throws(WordServiceError) in
      try await service.renameBook(book.id, to: title)
    }
    try out.writeLine(catalogue.text(.renamed(book, to: renamed.title)))
  }

  /// `wordbook delete-book`: asks on a terminal unless `--yes` was given; without a terminal,
  /// `--yes` is required, so a script never deletes a book by accident.
  func deleteBook(_ reference: String, confirmed: Bool) async throws(CommandFailure) {
    let book = try await book(reference)
    if !confirmed {
      guard isatty(STDIN_FILENO) == 1 else {
        throw .usage(.deleteBookNeedsYes(book.id))
      }
      _ = TerminalOutput.standardError.write(catalogue.text(.deleteBookQuestion(book)))
      let answer = readLine(strippingNewline: true) ?? ""
      guard catalogue.yesAnswers.contains(answer.wordbookTitleKey) else {
        throw .runtime(.bookNotDeleted(book.id))
      }
    }
    try await call { () async throws(WordServiceError) in try await service.deleteBook(book.id) }
    try out.writeLine(catalogue.text(.deletedBook(book)))
  }

  /// `wordbook search`: the matching words of one book or all, a page at a time, so the first
  /// lines appear at once and memory stays flat.
  func search(_ query: String, in reference: String?) async throws(CommandFailure) {
    var bookID: WordBook.ID?
    if let reference { bookID = try await book(reference).id }
    var titles: [WordBook.ID: String] = [:]
    for book in try await books() { titles[book.id] = book.title.escapedForTerminal }
    var after: WordSearchHit?
    while true {
      let (last, book) = (after, bookID)
      let page = try await call { () async throws(WordServiceError) in
        try await service.searchWords(
          matching: query, in: book, after: last, limit: Self.pageSize)
      }
      for hit in page {
        if titles[hit.bookID] == nil {
          // A book created since the titles were read.
          for book in try await books() { titles[book.id] = book.title.escapedForTerminal }
        }
        try out.write("\(hit.word.id)\t\(titles[hit.bookID] ?? "")")
        try out.write(Self.stateField(hit.word.studyState))
        try out.write(hit.word.term.escapedForTerminal)
        try out.write("\t")
        try out.writeLine(hit.word.meaning.escapedForTerminal)
      }
      try out.flush()
      guard page.count == Self.pageSize else { return }
      after = page.last
    }
  }

  /// The word with this ID in `book`, read from the book's index.
  ///
  /// - Throws: ``CommandFailure`` when the book has no such word (it may be another book's).
  private func word(_ wordID: Word.ID, in book: WordBook) async throws(CommandFailure) -> Word {
    let page = try await call { () async throws(WordServiceError) in
      try await service.fetchWords(
        in: book.id, after: Word.ID(wordID.rawValue - 1), limit: 1)
    }
    guard let word = page.first, word.id == wordID else {
      throw .runtime(.wordNotInBook(wordID, book))
    }
    return word
  }
}
