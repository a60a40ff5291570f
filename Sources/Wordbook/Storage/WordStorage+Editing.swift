/// The rules of editing books and words, and the not-found checks every call makes.
extension WordStorage {
  /// Throws ``WordServiceError/Kind/bookNotFound`` when no book has the ID.
  package func requireBook(_ bookID: WordBook.ID) throws(WordServiceError) {
    guard try bookExists(bookID) else { throw .bookNotFound(bookID) }
  }

  /// Throws ``WordServiceError/Kind/wordNotFound`` when no word has the ID.
  package func requireWord(_ wordID: Word.ID) throws(WordServiceError) {
    guard try wordExists(wordID) else { throw .wordNotFound(wordID) }
  }

  /// Deletes a book and its words, as ``WordService/deleteBook(_:)`` does.
  ///
  /// - Throws: ``WordServiceError/Kind/bookNotFound``.
  package func deleteBook(_ bookID: WordBook.ID) throws(WordServiceError) {
    guard try removeBook(bookID) else { throw .bookNotFound(bookID) }
  }

  /// Deletes a word and its log, as ``WordService/deleteWord(_:)`` does.
  ///
  /// - Throws: ``WordServiceError/Kind/wordNotFound``.
  package func deleteWord(_ wordID: Word.ID) throws(WordServiceError) {
    guard try removeWord(wordID) else { throw .wordNotFound(wordID) }
  }

  /// The book studied last, as ``WordService/lastStudiedBook()`` answers: `nil` when none was
  /// set or it was deleted since.
  package func lastStudiedBook() throws(WordServiceError) -> WordBook.ID? {
    guard let raw = try integerSetting(lastStudiedBookKey), try bookExists(WordBook.ID(raw))
    else { return nil }
    return WordBook.ID(raw)
  }

  /// Remembers the book being studied, as ``WordService/setLastStudiedBook(_:)`` does.
  ///
  /// - Throws: ``WordServiceError/Kind/bookNotFound``.
  package func setLastStudiedBook(_ bookID: WordBook.ID) throws(WordServiceError) {
    try requireBook(bookID)
    try setIntegerSetting(lastStudiedBookKey, to: bookID.rawValue)
  }

  /// The setting that holds the ID of the book studied last.
  private var lastStudiedBookKey: String { "last_studied_book" }

  /// Keeps the study mode a book was left in, as ``WordService/setStudyMode(_:of:)`` does.
  ///
  /// - Throws: ``WordServiceError/Kind/bookNotFound``.
  package func setStudyMode(_ mode: StudyMode, of bookID: WordBook.ID) throws(WordServiceError) {
    guard try storeStudyMode(mode, of: bookID) else { throw .bookNotFound(bookID) }
  }

  /// Renames a book, as ``WordService/renameBook(_:to:)`` does: the title is stored trimmed,
  /// and may not be another book's.
  ///
  /// - Returns: The book as stored afterwards.
  /// - Throws: ``WordServiceError/Kind/invalidInput`` for an empty title,
  ///   ``WordServiceError/Kind/titleTaken`` with the book that has it, or
  ///   ``WordServiceError/Kind/bookNotFound``.
  package func renameBook(_ bookID: WordBook.ID, to title: String) throws(WordServiceError)
    -> WordBook
  {
    let title = try WordServiceError.validTitle(title)
    if let existing = try book(titled: title), existing.id != bookID {
      throw .titleTaken(by: existing)
    }
    guard try setTitle(title, of: bookID), let book = try book(bookID) else {
      throw .bookNotFound(bookID)
    }
    return book
  }

  /// Changes a word's term and meaning, as ``WordService/updateWord(_:term:meaning:)`` does.
  ///
  /// - Returns: The word as stored afterwards.
  /// - Throws: ``WordServiceError/Kind/invalidInput`` for an empty term, or
  ///   ``WordServiceError/Kind/wordNotFound``.
  package func updateWord(_ wordID: Word.ID, term: String, meaning: String)
    throws(WordServiceError) -> Word
  {
    _ = try WordServiceError.validTerm(term)
    guard let word = try setTerm(term, meaning: meaning, of: wordID) else {
      throw .wordNotFound(wordID)
    }
    return word
  }
}
