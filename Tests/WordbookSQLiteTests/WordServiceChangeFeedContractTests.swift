import Foundation
import Testing
import Wordbook
import WordbookSQLite

/// The change feed, against each implementation: every change made through the service is
/// reported, in order, with the words as stored.
@Suite struct WordServiceChangeFeedContractTests {
  @Test(arguments: ServiceKind.allCases)
  func everyEditIsReportedInOrder(kind: ServiceKind) async throws {
    let (service, _) = try await kind.make()
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

  @Test(arguments: ServiceKind.allCases)
  func anImportIsReportedAsOneReloadOfItsBook(kind: ServiceKind) async throws {
    let (service, _) = try await kind.make()
    let book = try await service.createBook(title: "Verbs")
    let feed = ChangeCollector(service.changes())
    defer { feed.stop() }
    let drafts = (1...2_500).map { WordDraft(term: "term \($0)", meaning: "meaning") }
    _ = try await service.importWords(
      drafts, intoBookTitled: "Verbs", onDuplicate: .skip, progress: { _ in })
    try await feed.expect([.bookReloaded(book.id)])
  }
}

/// Collects what a change feed reports, on a task of its own, for a test to wait for.
///
/// Its state is behind an `NSLock`, a pthread mutex the thread sanitizer sees, where it
/// reported `Synchronization.Mutex`'s guarded accesses as races.
final class ChangeCollector: @unchecked Sendable {
  private let lock = NSLock()
  private var changes: [WordChange] = []
  private var task: Task<Void, Never>?

  init(_ stream: AsyncStream<[WordChange]>) {
    let listening = Task { [self] in
      for await changes in stream { lock.withLock { self.changes += changes } }
    }
    lock.withLock { task = listening }
  }

  /// Stops listening.
  func stop() {
    lock.withLock { task?.cancel() }
  }

  /// Waits, for at most 120 seconds, until as many changes as `expected` have arrived, then
  /// expects them to be `expected` and forgets them. The whole suite runs in parallel on a
  /// shared machine, and under the thread sanitizer the feed's 200 ms poll was seen to report
  /// a change more than 30 seconds late; a change on time ends the wait at once.
  func expect(
    _ expected: [WordChange], sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let deadline = ContinuousClock.now + .seconds(120)
    while lock.withLock({ changes.count }) < expected.count, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    let got = lock.withLock {
      defer { changes.removeAll() }
      return changes
    }
    #expect(got == expected, sourceLocation: sourceLocation)
  }
}
