import Foundation
import Testing
import Wordbook
import WordbookSQLite
import WordbookWeb

/// A phone that loses the server mid-round studies on: its ratings move the round on, wait in
/// the page's outbox, and reach the service with their own times once the server is back.
@Suite(
  .enabled(
    if: WebTestEnvironment.hasLibrary && WebTestEnvironment.browser != nil,
    WebTestEnvironment.browserReason))
@MainActor
struct OfflineStudyPageTests {
  static let patience = Duration.seconds(90)

  @Test func ratingsGivenOfflineAreSentWhenTheServerIsBack() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "WordbookWebTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let service = try SQLiteWordService(
      path: folder.appendingPathComponent("words.sqlite").path,
      options: .init(busyTimeout: .seconds(60)))
    let book = try await service.createBook(title: "Korean nouns")
    for term in ["물", "불", "산"] {
      _ = try await service.saveWord(
        WordDraft(term: term, meaning: "meaning of \(term)"), to: book.id)
    }
    let key = PageKey()
    let first = try WebServer(service: service, key: key)
    var restarted: WebServer?
    do {
      try await WebDriver.with(width: 390, height: 844, touch: true) { browser in
        try await browser.tapOpenBook(
          book.id, at: first.url, showing: "Card 1 of 3", patience: Self.patience)

        await first.stop()
        #expect(
          try await browser.waitFor(
            "return document.getElementById('connection').textContent.startsWith('Connection lost')",
            timeout: Self.patience))
        let before = Timestamp.now
        let knownWord = try await Self.shownWord(in: browser)
        try await browser.tap("#knew")
        #expect(try await browser.waitFor(Self.shows("Card 2 of 3"), timeout: Self.patience))
        let missedWord = try await Self.shownWord(in: browser)
        try await browser.tap("#didnt-know")
        #expect(try await browser.waitFor(Self.shows("Card 3 of 3"), timeout: Self.patience))
        #expect(try await browser.waitFor(Self.waiting("2 ratings waiting to be sent")))
        try await PhoneStudyTests.record(browser, "phone-offline")
        let after = Timestamp.now
        #expect(try await service.fetchReviews(of: knownWord).isEmpty)
        // Meanwhile another device rated the third card, which the page shows unrated.
        let otherWord = try await Self.shownWord(in: browser)
        _ = try await service.recordReview(
          Review(rating: .easy, time: .now, id: .random()), of: otherWord)

        restarted = try WebServer(service: service, port: first.port, key: key)
        #expect(try await browser.waitFor(Self.waiting(""), timeout: Self.patience))
        let known = try await service.fetchReviews(of: knownWord)
        let missed = try await service.fetchReviews(of: missedWord)
        #expect(known.map(\.rating) == [.good] && missed.map(\.rating) == [.again])
        for review in known + missed {
          #expect((before...after).contains(review.time), "\(review)")
        }
        // One page made both IDs: one origin, counted on.
        #expect(known.first?.id?.origin == missed.first?.id?.origin)
        #expect(known.first?.id?.sequence == 1 && missed.first?.id?.sequence == 2)
        // The page caught up: the server's cards show the marks, the other device's too.
        #expect(try await browser.waitFor(Self.marked(otherWord, "known"), timeout: Self.patience))
        #expect(try await browser.waitFor(Self.marked(knownWord, "known"), timeout: Self.patience))
        #expect(
          try await browser.waitFor(Self.marked(missedWord, "not-known"), timeout: Self.patience))
      }
    } catch {
      await first.stop()
      await restarted?.stop()
      throw error
    }
    await restarted?.stop()
  }

  /// In Korean, in the dark and with reduced motion, the page says what waits in Korean, in
  /// its live region.
  @Test func theWaitingRatingsAreSaidInKorean() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "WordbookWebTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let service = try SQLiteWordService(
      path: folder.appendingPathComponent("words.sqlite").path,
      options: .init(busyTimeout: .seconds(60)))
    let book = try await service.createBook(title: "명사")
    for term in ["물", "불"] {
      _ = try await service.saveWord(WordDraft(term: term, meaning: "뜻 \(term)"), to: book.id)
    }
    let server = try WebServer(service: service)
    do {
      try await WebDriver.with(width: 390, height: 844, language: "ko-KR", touch: true) {
        browser in
        try await browser.emulateMedia([
          "prefers-color-scheme": "dark", "prefers-reduced-motion": "reduce",
        ])
        try await browser.tapOpenBook(
          book.id, at: server.url, showing: "2장 중 1번째", patience: Self.patience)
        await server.stop()
        #expect(
          try await browser.waitFor(
            "return document.getElementById('connection').textContent.startsWith('연결이 끊겼')",
            timeout: Self.patience))
        try await browser.press("\u{E014}")
        #expect(try await browser.waitFor(Self.shows("2장 중 2번째"), timeout: Self.patience))
        #expect(try await browser.waitFor(Self.waiting("보낼 평가 1개가 기다리고 있습니다")))
        #expect(
          try await browser.run("return document.getElementById('outbox').getAttribute('role')")
            as? String == "status")
        try await PhoneStudyTests.record(browser, "phone-offline-korean-dark")
      }
    } catch {
      await server.stop()
      throw error
    }
    await server.stop()
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

  private static func marked(_ word: Word.ID, _ state: String) -> String {
    "return document.querySelector(\"#cards [data-word-id='\(word.rawValue)']\")"
      + "?.dataset.state === '\(state)'"
  }

  private static func waiting(_ text: String) -> String {
    "return document.getElementById('outbox').textContent === '\(text)'"
  }
}
