/// An ``InMemoryLibrary`` as the storage of the rules every service shares: what a database's
/// queries answer, read from and written to the library's dictionaries.
///
/// A reference, as a connection is: ``InMemoryWordService`` hands the rules its library in
/// one, or a copy of it in another for an import that must keep all or nothing.
final class InMemoryStorage: WordStorage {
  /// The books, words and logs.
  var library: InMemoryLibrary
  /// The reviews an import staged, by word, each word's in the order staged.
  private var importedReviews: [Word.ID: [Review]] = [:]

  init(_ library: InMemoryLibrary) {
    self.library = library
  }

  func bookExists(_ bookID: WordBook.ID) -> Bool {
    library.books.contains { $0.book.id == bookID }
  }

  func book(_ bookID: WordBook.ID) -> WordBook? {
    library.books.first { $0.book.id == bookID }?.book
  }

  func book(titled title: String) -> WordBook? {
    library.bookIndex(titled: title).map { library.books[$0].book }
  }

  func setTitle(_ title: String, of bookID: WordBook.ID) -> Bool {
    guard let index = library.books.firstIndex(where: { $0.book.id == bookID }) else {
      return false
    }
    library.books[index].book.title = title
    return true
  }

  func storeStudyMode(_ mode: StudyMode, of bookID: WordBook.ID) -> Bool {
    guard let index = library.books.firstIndex(where: { $0.book.id == bookID }) else {
      return false
    }
    library.books[index].book.studyMode = mode
    return true
  }

  func removeBook(_ bookID: WordBook.ID) -> Bool {
    guard let index = library.books.firstIndex(where: { $0.book.id == bookID }) else {
      return false
    }
    for wordID in library.books[index].wordIDs {
      library.words[wordID] = nil
      library.bookOfWord[wordID] = nil
    }
    library.forgetReviews(of: library.books[index].wordIDs)
    library.books.remove(at: index)
    return true
  }

  func integerSetting(_ key: String) -> Int64? {
    library.settings[key]
  }

  func setIntegerSetting(_ key: String, to value: Int64) {
    library.settings[key] = value
  }

  func wordExists(_ wordID: Word.ID) -> Bool {
    library.words[wordID] != nil
  }

  func setTerm(_ term: String, meaning: String, of wordID: Word.ID) -> Word? {
    guard var word = library.words[wordID] else { return nil }
    word.term = term
    word.meaning = meaning
    library.words[wordID] = word
    return word
  }

  func setStudyState(_ state: StudyState, of wordID: Word.ID) {
    library.words[wordID]?.studyState = state
  }

  func removeWord(_ wordID: Word.ID) -> Bool {
    guard let bookID = library.bookOfWord.removeValue(forKey: wordID),
      let index = library.books.firstIndex(where: { $0.book.id == bookID })
    else { return false }
    library.words[wordID] = nil
    library.forgetReviews(of: [wordID])
    library.books[index].wordIDs.removeAll { $0 == wordID }
    library.books[index].book.wordCount -= 1
    return true
  }

  func review(withID id: ReviewID) -> WordReview? {
    library.reviewsByID[id]
  }

  func reviews(of wordID: Word.ID) -> [Review] {
    (library.reviews[wordID] ?? []).inTimeOrder()
  }

  func appendReview(_ review: Review, of wordID: Word.ID) {
    library.reviews[wordID, default: []].append(review)
    if let id = review.id { library.reviewsByID[id] = WordReview(wordID: wordID, review: review) }
  }

  func deleteLastReview(of wordID: Word.ID) -> Bool {
    guard var log = library.reviews[wordID], !log.isEmpty else { return false }
    if let id = log.removeLast().id { library.reviewsByID[id] = nil }
    library.reviews[wordID] = log.isEmpty ? nil : log
    return true
  }

  func forEachLog(
    onlyImported: Bool, _ body: (Word.ID, [Review]) throws(WordServiceError) -> Void
  ) throws(WordServiceError) {
    if onlyImported {
      for wordID in importedReviews.keys { try body(wordID, reviews(of: wordID)) }
    } else {
      for (wordID, log) in library.reviews { try body(wordID, log) }
    }
  }

  func memory(of wordID: Word.ID) -> WordMemory? {
    library.memories[wordID]
  }

  /// Keeps a word's memory; a new one is kept as none, since a word without one is new.
  func setMemory(_ memory: WordMemory, of wordID: Word.ID) {
    library.memories[wordID] = memory.state.phase == .new ? nil : memory
  }

  func reviewSettings() -> ReviewSettings {
    library.reviewSettings
  }

  func storeReviewSettings(_ settings: ReviewSettings) {
    library.reviewSettings = settings
  }

  func clearImportedReviews() {
    importedReviews.removeAll()
  }

  func stageImportedReview(_ row: WordReview) {
    importedReviews[row.wordID, default: []].append(row.review)
  }

  func unknownImportedWord() -> Word.ID? {
    importedReviews.keys.first { library.words[$0] == nil }
  }

  func appendImportedReviews() {
    for (wordID, added) in importedReviews {
      // Reviews at the same second keep the order given.
      library.reviews[wordID, default: []] += added.inTimeOrder()
    }
  }

  func setImportedStudyStates() {
    for wordID in importedReviews.keys {
      if let last = reviews(of: wordID).inTimeOrder().last {
        library.words[wordID]?.studyState = last.studyState
      }
    }
  }
}
