import Foundation
import Testing
import Wordbook
import WordbookPostgres
import WordbookTerminal
import WordbookTestSupport
import WordbookWeb

/// Issue 52's reads beyond one database server: a server given a hot standby
/// (`serve --replica`) reads what its pages show from it, while marks, the journal and its
/// notifications stay on the primary; a mark made on the primary reaches the page, and a
/// standby behind or gone hides no write.
@Suite(
  .serialized,
  .enabled(if: WebTestEnvironment.hasLibrary, "libmicrohttpd is not installed (libmicrohttpd12)"))
@MainActor
struct StandbyReadsTests {
  @Test func pagesReadFromTheStandbyAndSeeMarksMadeOnThePrimary() async throws {
    if !PostgresAccounts.isHashingAvailable && !PostgresTestServer.isRequired {
      try Test.cancel("libsodium is not installed (the libsodium23 package)")
    }
    let clusters = try await StreamingReplication.startForTest()
    do {
      try await Self.serveFromBoth(clusters)
    } catch {
      await clusters.stop()
      throw error
    }
    await clusters.stop()
  }

  private static func serveFromBoth(_ clusters: StreamingReplication) async throws {
    let accounts = try await PostgresAccounts(url: clusters.primary)
    try await accounts.add("mina", password: "correct horse")
    let elsewhere = try await PostgresWordService(url: clusters.primary, user: "mina")
    let book = try await elsewhere.createBook(title: "Mina's verbs")
    var words: [Word] = []
    for term in ["gada", "oda", "meokda"] {
      words.append(
        try await elsewhere.saveWord(WordDraft(term: term, meaning: "meaning"), to: book.id))
    }
    #expect(try await clusters.waitUntilStandbyCaughtUp())
    #expect(await PostgresReplica.isCopy(at: clusters.standby, of: clusters.primary) == true)
    let otherCluster = try await PostgresTestServer.freshDatabaseURL()
    #expect(await PostgresReplica.isCopy(at: otherCluster, of: clusters.primary) == false)
    let scansBefore = try await clusters.standbyScans()

    let port = try #require(try LoopbackPorts.free(1).first)
    let server = try WebServer(
      accounts: try await PostgresSignIns(url: clusters.primary, replica: clusters.standby),
      port: port)
    do {
      try await study(
        on: port, clusters, book: book, words: words, scansBefore: scansBefore, elsewhere)
    } catch {
      await server.stop()
      throw error
    }
    await server.stop()
  }

  /// Mina's pages on the server at `port`, while `elsewhere` changes her book on the primary.
  private static func study(
    on port: UInt16, _ clusters: StreamingReplication, book: WordBook, words: [Word],
    scansBefore: Int, _ elsewhere: PostgresWordService
  ) async throws {
    // The page's books and words come from the standby: its scans of them grow.
    let page = try await SignedInPage(port: port, name: "mina", password: "correct horse")
    defer { page.close() }
    try await page.open(book)
    #expect(
      try await WebTestEnvironment.waitUntil(timeout: .seconds(60)) {
        try await clusters.standbyScans() > scansBefore
      })

    // A mark made on the primary by another program reaches the page, through the primary's
    // journal and notifications.
    try await elsewhere.updateStudyStates([StudyStateChange(wordID: words[0].id, state: .success)])
    #expect(
      try await page.stream.read(timeout: .seconds(60)) {
        Self.showsKnown(words[0], in: $0)
      })

    // A standby behind (its replay paused) hides no write: a new page's book holds the word
    // added since, read from the primary.
    try await PostgresTestServer.execute("SELECT pg_wal_replay_pause()", in: clusters.standby)
    _ = try await elsewhere.saveWord(WordDraft(term: "added-later", meaning: "m"), to: book.id)
    try await expectCards(on: port, of: book, including: "added-later")
    try await PostgresTestServer.execute("SELECT pg_wal_replay_resume()", in: clusters.standby)

    // Nor does a standby gone: reads turn to the primary.
    try await clusters.stopStandby()
    _ = try await elsewhere.saveWord(
      WordDraft(term: "added-after-crash", meaning: "m"), to: book.id)
    try await expectCards(on: port, of: book, including: "added-after-crash")
  }

  /// Whether an event of `text` shows `word`'s card as known (its fields come in any order).
  private static func showsKnown(_ word: Word, in text: String) -> Bool {
    text.matches(of: /\{[^{}]*\}/).contains { match in
      let card = match.output
      return card.contains(#""state":"known""#)
        && (card.contains(#""id":\#(word.id),"#) || card.contains(#""id":\#(word.id)}"#))
    }
  }

  /// Signs in a new page on the server at `port`, opens `book` and expects a card with `term`.
  private static func expectCards(
    on port: UInt16, of book: WordBook, including term: String
  ) async throws {
    let page = try await SignedInPage(port: port, name: "mina", password: "correct horse")
    defer { page.close() }
    try await page.open(book)
    let answer = try await PlainHTTP.send(
      "GET", page.origin + page.home + "cards?session=\(page.session)&from=0&count=20",
      headers: ["Cookie": page.cookie], timeout: 60)
    #expect(answer.status == 200)
    #expect(answer.body.contains(#""term":"\#(term)""#))
  }
}
