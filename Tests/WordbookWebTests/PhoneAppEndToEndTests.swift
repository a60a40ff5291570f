import Foundation
import Testing
import Wordbook
import WordbookSQLite
import WordbookTestSupport

/// Issue 49's "Done when", end to end: a phone-sized Chromium opens the address it reads from
/// `wordbook serve --qr`'s code, finds the page installable, studies three cards with its
/// network cut by the browser's own emulation, and on coming back finds the three reviews
/// stored once each with their offline times; the address kept from before a restart opens
/// the page again.
@Suite(
  .enabled(
    if: WebTestEnvironment.hasLibrary && WebTestEnvironment.browser != nil,
    WebTestEnvironment.browserReason),
  .enabled(if: QRDecoder.runs, QRDecoder.unavailable),
  .enabled(
    if: FileManager.default.isExecutableFile(atPath: ServeProcess.executable.path),
    "needs the wordbook binary: swift build --build-tests"))
@MainActor
struct PhoneAppEndToEndTests {
  static let patience = Duration.seconds(90)

  @Test func aPhoneStudiesOfflineFromTheQRCodeAndItsBookmarkOutlivesARestart() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "WordbookWebTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = folder.appendingPathComponent("words.sqlite").path
    let service = try SQLiteWordService(path: database)
    let book = try await service.createBook(title: "Korean nouns")
    for term in ["물", "불", "산"] {
      _ = try await service.saveWord(
        WordDraft(term: term, meaning: "meaning of \(term)"), to: book.id)
    }
    await service.close()
    let port = try #require(try LoopbackPorts.free(1).first)

    let first = try await ServeProcess(
      database: database, port: port, arguments: ["--qr"], folder: folder, name: "first",
      patience: Self.patience)
    var second: ServeProcess?
    do {
      // The phone scans nothing: zbarimg reads the code `serve` drew, and the phone opens
      // what it read.
      let printed = first.printed
      let address = try #require(first.address, "\(printed)")
      let bookmark = try await QRDecoder.decode(QRDecoder.codeLines(in: printed))
      #expect(bookmark == address)
      #expect(bookmark.hasPrefix("http://127.0.0.1:\(port)/"), "\(bookmark)")
      #expect(bookmark.contains("?token="))

      try await WebDriver.with(width: 390, height: 844, touch: true) { browser in
        try await browser.open(bookmark)
        #expect(
          try await browser.waitFor(
            "return document.querySelector('[data-book-id]') !== null", timeout: Self.patience))
        // The token left the address for a cookie.
        #expect(try await browser.run("return location.search") as? String == "")
        try await Self.expectInstallable(browser)

        try await browser.tap("[data-book-id='\(book.id)']")
        #expect(try await browser.waitFor(Self.shows("Card 1 of 3"), timeout: Self.patience))

        let before = Timestamp.now
        try await browser.setOffline(true)
        #expect(try await browser.waitFor("return navigator.onLine === false"))
        var rated: [(word: Word.ID, rating: Rating)] = []
        for (button, rating, next) in [
          ("#knew", Rating.good, "Card 2 of 3"), ("#didnt-know", .again, "Card 3 of 3"),
          ("#knew", .good, nil),
        ] {
          rated.append((try await Self.shownWord(in: browser), rating))
          try await browser.tap(button)
          let waiting = rated.count == 1 ? "1 rating" : "\(rated.count) ratings"
          #expect(
            try await browser.waitFor(
              Self.waiting("\(waiting) waiting to be sent"), timeout: Self.patience))
          // The page moves on: to the next card, or after the last to the round's summary.
          let movedOn =
            next.map(Self.shows) ?? "return document.getElementById('summary').hidden === false"
          #expect(try await browser.waitFor(movedOn, timeout: Self.patience))
        }
        let ratedBy = Timestamp.now
        #expect(Set(rated.map(\.word)).count == 3)
        // Reopened without the network, the page comes from its service worker, with what it
        // showed and what waits.
        let page = try #require(try await browser.run("return location.href") as? String)
        try await browser.open(page)
        #expect(
          try await browser.waitFor(
            "return document.getElementById('connection')?.textContent.startsWith('Offline')",
            timeout: Self.patience))
        #expect(
          try await browser.waitFor(
            Self.waiting("3 ratings waiting to be sent"), timeout: Self.patience))
        let offline = try SQLiteWordService(path: database)
        for (word, _) in rated {
          #expect(try await offline.fetchReviews(of: word).isEmpty)
        }
        await offline.close()
        // Coming back in a later second than the last rating, so a review stored with the
        // time it arrived would show it.
        #expect(
          try await WebTestEnvironment.waitUntil(timeout: .seconds(5)) { Timestamp.now > ratedBy })
        let back = Timestamp.now
        try await browser.setOffline(false)
        #expect(try await browser.waitFor(Self.waiting(""), timeout: Self.patience))

        let stored = try SQLiteWordService(path: database)
        var reviews: [Review] = []
        for (word, rating) in rated {
          let ofWord = try await stored.fetchReviews(of: word)
          #expect(ofWord.map(\.rating) == [rating], "\(word): \(ofWord)")
          reviews += ofWord
        }
        await stored.close()
        for review in reviews {
          #expect((before...ratedBy).contains(review.time), "\(review), back at \(back)")
        }
        // The page's own IDs, counted on from one origin: the ratings given offline, each once.
        #expect(Set(reviews.map(\.id?.origin)).count == 1)
        #expect(reviews.map(\.id?.sequence) == [1, 2, 3])

        // A restart on the same port and database: the address kept before it opens the page
        // in the same browser, whose service worker asks the server first.
        #expect(await first.stop() == 0)
        second = try await ServeProcess(
          database: database, port: port, arguments: [], folder: folder, name: "second",
          patience: Self.patience)
        #expect(second?.address == bookmark)
        try await browser.open(bookmark)
        #expect(
          try await browser.waitFor(
            "return document.querySelector('[data-book-id]') !== null", timeout: Self.patience))
        #expect(
          try await browser.run(
            "return performance.getEntriesByType('navigation')[0].responseStatus") as? Int
            == 200)
        // The server answered the page's events, which it refuses without the token: the page
        // is its own, not a kept copy.
        #expect(
          try await browser.waitFor(
            "return document.getElementById('connection')?.textContent === ''",
            timeout: Self.patience))
      }
    } catch {
      _ = await first.stop()
      _ = await second?.stop()
      throw error
    }
    #expect(await second?.stop() == 0)
  }

  /// Waits until the page links its manifest, which names the page's folder as where the app
  /// starts, and a service worker controls it.
  private static func expectInstallable(_ browser: WebDriver) async throws {
    let manifest = try #require(
      try await browser.run(
        """
        const link = document.querySelector('link[rel=manifest]');
        return fetch(link.href, { credentials: 'include' }).then((r) => r.json())
          .then((m) => [m.name, new URL(m.start_url, link.href).href]);
        """) as? [String])
    let folder = try #require(
      try await browser.run("return new URL('./', location.href).href") as? String)
    #expect(manifest == ["Wordbook", folder])
    #expect(
      try await browser.waitFor(
        "return navigator.serviceWorker.controller?.scriptURL.endsWith('/sw.js') === true",
        timeout: Self.patience))
  }

  /// The word of the focused card.
  private static func shownWord(in browser: WebDriver) async throws -> Word.ID {
    let id = try await browser.run(
      "return Number(document.getElementById('focus-card').dataset.wordId)")
    return Word.ID(Int64(try #require(id as? Int)))
  }

  private static func shows(_ position: String) -> String {
    "return document.getElementById('focus-position')?.textContent === '\(position)'"
  }

  private static func waiting(_ text: String) -> String {
    "return document.getElementById('outbox').textContent === '\(text)'"
  }
}
