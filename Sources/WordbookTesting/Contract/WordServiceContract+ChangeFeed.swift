import Testing
import Wordbook

/// The change feed: every change made through the service is reported, in order, with the
/// words as stored.
extension WordServiceContract {
  enum ChangeFeed {
    static func everyEditIsReportedInOrder(_ service: any WordService) async throws {
      let book = try await service.createBook(title: "Verbs")
      let feed = ChangeCollector(service.changes())
      defer { feed.stop() }
      // Each step waits for its report, so the SQLite feed reads each word as that step left it.
      let word = try await service.saveWord(WordDraft(term: "가다", meaning: "to go"), to: book.id)
      try await feed.expect([.wordAdded(word, book: book.id)])
      try await service.updateStudyStates([StudyStateChange(wordID: word.id, state: .success)])
      var marked = word
      marked.studyState = .success
      try await feed.expect([.wordUpdated(marked, book: book.id)])
      let edited = try await service.updateWord(word.id, term: "가다!", meaning: "to leave")
      try await feed.expect([.wordUpdated(edited, book: book.id)])
      try await service.deleteWord(word.id)
      try await feed.expect([.wordDeleted(word.id, book: book.id)])
      _ = try await service.renameBook(book.id, to: "Korean verbs")
      try await feed.expect([.booksChanged])
    }

    static func anImportIsReportedAsOneReloadOfItsBook(_ service: any WordService) async throws {
      let book = try await service.createBook(title: "Verbs")
      let feed = ChangeCollector(service.changes())
      defer { feed.stop() }
      let drafts = (1...2_500).map { WordDraft(term: "term \($0)", meaning: "meaning") }
      _ = try await service.importWords(
        drafts, intoBookTitled: "Verbs", onDuplicate: .skip, progress: { _ in })
      try await feed.expect([.bookReloaded(book.id)])
    }

    /// The requirements of this part, in the order they are checked.
    static let requirements: [Requirement] = [
      Requirement(.changeFeed, "everyEditIsReportedInOrder", everyEditIsReportedInOrder),
      Requirement(
        .changeFeed, "anImportIsReportedAsOneReloadOfItsBook",
        anImportIsReportedAsOneReloadOfItsBook),
    ]
  }
}
