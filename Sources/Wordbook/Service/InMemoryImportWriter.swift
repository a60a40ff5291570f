/// Writes an import's cards to a book of an ``InMemoryStorage``, with the book's cards kept by
/// canonical term (memory is the point of the in-memory service, not a limit).
struct InMemoryImportWriter: WordImportWriter {
  let storage: InMemoryStorage
  /// The position of the book in the library's books.
  let index: Int
  /// The IDs of the book's cards by canonical term, oldest first.
  private var wordIDsByTerm: [String: [Word.ID]] = [:]

  init(_ storage: InMemoryStorage, bookAt index: Int) {
    self.storage = storage
    self.index = index
    for id in storage.library.books[index].wordIDs {
      if let term = storage.library.words[id]?.term {
        wordIDsByTerm[term.canonicalTerm, default: []].append(id)
      }
    }
  }

  func cards(withTerm term: String) -> [Word] {
    (wordIDsByTerm[term] ?? []).compactMap { storage.library.words[$0] }
  }

  mutating func add(_ draft: WordDraft, term: String) {
    wordIDsByTerm[term, default: []].append(storage.library.insertWord(draft, into: index).id)
  }

  func update(_ word: Word) {
    storage.library.words[word.id] = word
  }
}
