import Wordbook

/// Finds a book's stored words by term as Swift compares terms (canonical equivalence), for
/// the imports that match rows to words: a term is looked up by its canonical form (NFC) in the
/// (book, term) index, where every term stored in canonical form is found by its bytes, and in a
/// map of the few stored terms that are not in that form.
struct TermLookup {
  private let connection: Connection
  private let operation: WordServiceError.Operation
  private let lookup: Statement
  private let probe: Statement
  /// For each term stored in the book not in canonical form, its words, by the canonical form.
  private var uncanonical: [String: [Word.ID]]

  /// Prepares the lookups in the book `bookID` and reads which of its stored terms are not in
  /// canonical form.
  ///
  /// - Complexity: O(*m*) for a book of *m* words, once, read from the covering index on (book,
  ///   term) without touching the table; the map holds the uncanonical terms alone, empty or
  ///   small whatever the size of the book (all ASCII text is canonical).
  init(
    _ connection: Connection, book bookID: WordBook.ID, during operation: WordServiceError.Operation
  ) throws(WordServiceError) {
    self.connection = connection
    self.operation = operation
    lookup = try connection.statement(
      """
      SELECT id, term, meaning, image_reference, study_state
      FROM words INDEXED BY words_by_book_and_term WHERE book_id = ?1 AND term = ?2
      """)
    lookup.bind(bookID.rawValue, at: 1)
    probe = try connection.statement(
      """
      SELECT CASE WHEN count(*) = 1 THEN min(id) END
      FROM words INDEXED BY words_by_book_and_term WHERE book_id = ?1 AND term = ?2
      """)
    probe.bind(bookID.rawValue, at: 1)
    uncanonical = [:]
    let statement = try connection.statement(
      "SELECT id, term FROM words INDEXED BY words_by_book_and_term WHERE book_id = ?1")
    defer { statement.reset() }
    statement.bind(bookID.rawValue, at: 1)
    while try statement.step(connection, operation) {
      guard let key = statement.uncanonicalTermKey(at: 1) else { continue }
      uncanonical[key, default: []].append(Word.ID(statement.int64(at: 0)))
    }
  }

  /// The stored words of the book whose term is `term` in canonical form, oldest first.
  func words(withTerm term: String) throws(WordServiceError) -> [Word] {
    var words: [Word] = []
    do {
      defer { lookup.rewind() }
      lookup.bind(term, at: 2)
      while try lookup.step(connection, operation) { words.append(lookup.word()) }
    }
    if !uncanonical.isEmpty, let ids = uncanonical[term] {
      for id in ids {
        if let word = try storedWord(id) { words.append(word) }
      }
    }
    if words.count > 1 { words.sort { $0.id < $1.id } }
    return words
  }

  /// The ID of the one word of the book whose term is `term` in canonical form, or `nil` when
  /// none or several have it: a single read of the index that builds no word, for the common
  /// case of a term that names one word.
  func onlyWord(withTerm term: String) throws(WordServiceError) -> Word.ID? {
    guard uncanonical.isEmpty || uncanonical[term] == nil else { return nil }
    defer { probe.rewind() }
    probe.bind(term, at: 2)
    guard try probe.step(connection, operation), !probe.isNull(at: 0) else { return nil }
    return Word.ID(probe.int64(at: 0))
  }

  /// Records that the word `id`, just stored, has a term whose canonical form `key` differs
  /// from its bytes.
  mutating func addUncanonical(_ id: Word.ID, key: String) {
    uncanonical[key, default: []].append(id)
  }

  /// The word with this ID, or `nil` when there is none.
  private func storedWord(_ wordID: Word.ID) throws(WordServiceError) -> Word? {
    let statement = try connection.statement(
      "SELECT id, term, meaning, image_reference, study_state FROM words WHERE id = ?1")
    defer { statement.reset() }
    statement.bind(wordID.rawValue, at: 1)
    return try statement.step(connection, operation) ? statement.word() : nil
  }
}
