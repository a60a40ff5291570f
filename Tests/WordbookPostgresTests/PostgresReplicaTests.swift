import Foundation
import StoreCore
import Testing
import Wordbook
import WordbookTestSupport

@testable import WordbookPostgres

/// A service given a standby (`replica:`) that is up to date, or that cannot be reached: the
/// answers are the primary's, writes go on, and a standby gone is told of once. Serving from a
/// real standby is `StandbyReadsTests`' (two clusters and a page). Serialized: the observer of
/// standbys is the process's one.
@Suite(.serialized) struct PostgresReplicaTests {
  /// The sample of `PostgresWordService`: a database is its own up-to-date copy.
  @Test func readsFromAStandbyThatIsUpToDate() async throws {
    let url = try await PostgresTestServer.freshDatabaseURLForTest()
    let standby = url
    let service = try await PostgresWordService(url: url, user: "mina", replica: standby)
    let book = try await service.createBook(title: "Verbs")
    let word = try await service.saveWord(WordDraft(term: "가다", meaning: "to go"), to: book.id)
    let books = try await service.fetchBooks()  // from the standby when it is up to date
    #expect(books.map(\.title) == ["Verbs"])
    #expect(try await service.fetchWords(in: book.id) == [word])
    #expect(try await service.fetchTallies()[book.id]?.notStudied == 1)
    // A read's refusal is the primary's answer, and no failure of the standby.
    let told = Self.events(of: standby)
    defer { PostgresReplica.observe(nil) }
    let error = await #expect(throws: WordServiceError.self) {
      try await service.fetchWords(in: WordBook.ID(4242))
    }
    #expect(error?.kind == .notFound)
    #expect(told.withLock { $0 } == [])
  }

  /// Starts recording what the observer of standbys hears of `standby`.
  private static func events(of standby: String) -> Locked<[PostgresReplica.Event]> {
    let events = Locked<[PostgresReplica.Event]>([])
    let location = PostgresReplica.location(of: standby)
    PostgresReplica.observe { event in
      switch event {
      case .unavailable(location, _), .answering(location): events.withLock { $0.append(event) }
      default: break
      }
    }
    return events
  }

  @Test func aStandbyThatCannotBeReachedLeavesEveryReadToThePrimary() async throws {
    let url = try await PostgresTestServer.freshDatabaseURLForTest()
    let standby = "postgresql://postgres@/postgres?host=/nonexistent-\(UUID().uuidString)"
    let events = Self.events(of: standby)
    defer { PostgresReplica.observe(nil) }
    let service = try await PostgresWordService(url: url, user: "mina", replica: standby)
    let book = try await service.createBook(title: "Verbs")
    let word = try await service.saveWord(WordDraft(term: "가다", meaning: "to go"), to: book.id)
    try await service.updateStudyStates([StudyStateChange(wordID: word.id, state: .success)])
    #expect(try await service.fetchBooks().map(\.title) == ["Verbs"])
    #expect(try await service.fetchWords(in: book.id).map(\.studyState) == [.success])
    #expect(try await service.fetchReviewLogs(in: book.id, after: nil, limit: 10).count <= 1)
    // Told once, not once per read; the failed connection is not tried again at once.
    let told = events.withLock { $0 }
    #expect(told.count == 1)
    guard case .unavailable(_, let error) = told.first else {
      Issue.record("expected the standby's failure, got \(told)")
      return
    }
    #expect(error.kind == .unavailable)
  }

  @Test func anotherClusterIsNotACopy() async throws {
    let url = try await PostgresTestServer.freshDatabaseURLForTest()
    #expect(await PostgresReplica.isCopy(at: url, of: url) == true)
    let nowhere = "postgresql://postgres@/postgres?host=/nonexistent-\(UUID().uuidString)"
    #expect(await PostgresReplica.isCopy(at: nowhere, of: url) == nil)
  }
}
