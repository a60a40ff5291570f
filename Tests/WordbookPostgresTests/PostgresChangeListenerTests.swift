import Testing
import Wordbook
import WordbookTestSupport

@testable import WordbookPostgres

/// The database's notifications wake the change feeds of the user a journal row names, and no
/// other user's; the feeds' own reads are only the fallback.
@Suite(.timeLimit(.minutes(2))) struct PostgresChangeListenerTests {
  @Test func aJournalRowRingsItsUsersDoorbellsAtOnce() async throws {
    let url = try await PostgresTestServer.freshDatabaseURLForTest()
    let mina = try await PostgresWordService(url: url, user: "mina")
    let jun = try await PostgresWordService(url: url, user: "jun")
    let minas = Doorbell()
    let juns = Doorbell()
    let subscriptions = [
      PostgresChangeListener.subscribe(url: url, key: mina.changeKey) { _ in minas.ring() },
      PostgresChangeListener.subscribe(url: url, key: jun.changeKey) { _ in juns.ring() },
    ]
    defer { for subscription in subscriptions { subscription.cancel() } }
    let clock = ContinuousClock()
    // The listener rings everyone once it listens, for what was written before.
    var start = clock.now
    await minas.wait(upTo: .seconds(60))
    #expect(clock.now - start < .seconds(30))
    await juns.wait(upTo: .seconds(60))
    // A write of mina's, through a connection of its own as another server's would be.
    let elsewhere = try await PostgresWordService(url: url, user: "mina")
    start = clock.now
    _ = try await elsewhere.createBook(title: "Verbs")
    await minas.wait(upTo: .seconds(60))
    #expect(clock.now - start < .seconds(30))
    // Jun's bell did not ring: a short wait runs out.
    start = clock.now
    await juns.wait(upTo: .milliseconds(300))
    #expect(clock.now - start >= .milliseconds(300))
  }

  /// A change made through one service reaches another service's feed of the same user, as
  /// it reaches a page on another server.
  @Test func aChangeThroughOneServiceReachesAnotherServicesFeed() async throws {
    let url = try await PostgresTestServer.freshDatabaseURLForTest()
    let reader = try await PostgresWordService(url: url, user: "mina")
    let writer = try await PostgresWordService(url: url, user: "mina")
    let feed = reader.changes()
    let book = try await writer.createBook(title: "Verbs")
    let word = try await writer.saveWord(WordDraft(term: "가다", meaning: "to go"), to: book.id)
    var seen: [WordChange] = []
    for await changes in feed {
      seen += changes
      if seen.contains(.wordAdded(word, book: book.id)) { break }
    }
    #expect(seen.contains(.booksChanged))
  }
}
