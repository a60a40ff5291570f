import Foundation
import Testing
import Wordbook
import WordbookPostgres
import WordbookTerminal
import WordbookTestSupport
import WordbookWeb

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 30's end to end: two learners study on two servers over one PostgreSQL database in
/// real Chromium; each sees only their own books, and their own marks made through the other
/// server live; when a page's server stops, the page turns to the other one and catches up
/// without a reload.
@Suite(
  .serialized,
  .enabled(
    if: WebTestEnvironment.hasLibrary && WebTestEnvironment.browser != nil,
    WebTestEnvironment.browserReason))
@MainActor
struct TwoServersTests {
  /// The patience of every wait: a page's change crosses a database and two servers.
  private static let patience = Duration.seconds(60)

  @Test func twoLearnersOnTwoServersSeeTheirOwnBooksAndTheirMarksLive() async throws {
    if !PostgresAccounts.isHashingAvailable && !PostgresTestServer.isRequired {
      try Test.cancel("libsodium is not installed (the libsodium23 package)")
    }
    let url = try await PostgresTestServer.freshDatabaseURLForTest()
    let accounts = try await PostgresAccounts(url: url)
    try await accounts.add("mina", password: "correct horse")
    try await accounts.add("jun", password: "battery staple")
    let minaService = try await PostgresWordService(url: url, user: "mina")
    let minaBook = try await minaService.createBook(title: "Mina's verbs")
    var minaWords: [Word] = []
    for term in ["가다", "오다", "먹다"] {
      minaWords.append(
        try await minaService.saveWord(WordDraft(term: term, meaning: "meaning"), to: minaBook.id))
    }
    let junService = try await PostgresWordService(url: url, user: "jun")
    let junBook = try await junService.createBook(title: "Jun's nouns")
    let junWord = try await junService.saveWord(
      WordDraft(term: "물", meaning: "water"), to: junBook.id)

    let ports = try LoopbackPorts.free(2)
    let first = try WebServer(
      accounts: try await PostgresSignIns(url: url), port: ports[0],
      peers: ["http://127.0.0.1:\(ports[1])"])
    let second = try WebServer(
      accounts: try await PostgresSignIns(url: url), port: ports[1],
      peers: ["http://127.0.0.1:\(ports[0])"])
    do {
      try await WebDriver.with(width: 1024, height: 800) { browser in
        // Mina studies on the first server.
        try await Self.signIn(browser, at: "http://127.0.0.1:\(ports[0])", "mina", "correct horse")
        try await Self.openBook(browser, minaBook, words: 3)
        #expect(
          try await browser.run("return document.body.innerText.includes(\"Jun's nouns\")") as? Bool
            == false)
        #expect(
          try await browser.waitFor(
            "return document.getElementById('signed-in-as').textContent.includes('mina')"))
        let minaWindow = try await browser.currentWindow()

        // Jun on the second, as `localhost`: a host of its own, so the browser keeps his cookie
        // apart from Mina's.
        let junWindow = try await browser.newWindow()
        try await browser.switchTo(junWindow)
        try await Self.signIn(browser, at: "http://localhost:\(ports[1])", "jun", "battery staple")
        try await Self.openBook(browser, junBook, words: 1)
        #expect(
          try await browser.run("return document.body.innerText.includes(\"Mina's verbs\")")
            as? Bool == false)

        // Mina's mark made on the second server reaches her page on the first, live.
        let minaOnSecond = try await SignedInPage(
          port: ports[1], name: "mina", password: "correct horse")
        defer { minaOnSecond.close() }
        try await minaOnSecond.open(minaBook)
        #expect(
          try await minaOnSecond.send(#"{"kind":"markSuccess","id":\#(minaWords[0].id)}"#) == 200)
        try await browser.switchTo(minaWindow)
        #expect(try await Self.waitForState(browser, minaWords[0].id, "known"))

        // Jun's made on the first reaches his page on the second.
        let junOnFirst = try await SignedInPage(
          port: ports[0], name: "jun", password: "battery staple")
        defer { junOnFirst.close() }
        try await junOnFirst.open(junBook)
        #expect(try await junOnFirst.send(#"{"kind":"markFail","id":\#(junWord.id)}"#) == 200)
        try await browser.switchTo(junWindow)
        #expect(try await Self.waitForState(browser, junWord.id, "not-known"))

        // The first server stops: Mina's page turns to the second, without a reload, and
        // catches up with what was marked meanwhile.
        try await browser.switchTo(minaWindow)
        try await browser.run("window.notReloaded = true")
        await first.stop()
        #expect(
          try await minaOnSecond.send(#"{"kind":"markFail","id":\#(minaWords[1].id)}"#) == 200)
        #expect(try await Self.waitForState(browser, minaWords[1].id, "not-known"))
        #expect(try await Self.waitForState(browser, minaWords[0].id, "known"))
        #expect(try await browser.run("return window.notReloaded === true") as? Bool == true)
        // Her own marks go through the second server now, into the database: the third card,
        // known.
        for key in ["j", "j", "l"] { try await browser.press(key) }
        let saved = try await WebTestEnvironment.waitUntil(timeout: Self.patience) {
          try await minaService.fetchWords(in: minaBook.id).first { $0.id == minaWords[2].id }?
            .studyState == .success
        }
        #expect(saved)
      }
    } catch {
      await first.stop()
      await second.stop()
      throw error
    }
    await first.stop()
    await second.stop()
  }

  /// Signs in through the page's form at `origin`.
  private static func signIn(
    _ browser: WebDriver, at origin: String, _ name: String, _ password: String
  ) async throws {
    try await browser.open(origin + "/login")
    try await browser.type(name, into: "#name")
    try await browser.type(password, into: "#password")
    try await browser.click("#sign-in-button")
    #expect(
      try await browser.waitFor(
        "return document.querySelector('[data-book-id]') !== null", timeout: patience))
  }

  /// Opens `book` from the picker and waits for its `words` cards.
  private static func openBook(_ browser: WebDriver, _ book: WordBook, words: Int) async throws {
    try await browser.click("[data-book-id='\(book.id)']")
    #expect(
      try await browser.waitFor(
        "return document.querySelectorAll('#cards [data-word-id]').length === arguments[0]",
        [words], timeout: patience))
  }

  private static func waitForState(_ browser: WebDriver, _ id: Word.ID, _ state: String)
    async throws -> Bool
  {
    try await browser.waitFor(
      "const card = document.querySelector(`[data-word-id='${arguments[0]}']`);"
        + "return card !== null && card.dataset.state === arguments[1]",
      [id.rawValue, state], timeout: patience)
  }
}
