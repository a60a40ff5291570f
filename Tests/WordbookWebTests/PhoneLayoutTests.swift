import Foundation
import Testing
import Wordbook

/// The focused view on a 390×844 phone and at a desk: a long answer keeps the answers'
/// buttons on the screen, and the hint speaks of what the learner has, a finger or keys.
@Suite(
  .enabled(
    if: WebTestEnvironment.hasLibrary && WebTestEnvironment.browser != nil,
    WebTestEnvironment.browserReason))
@MainActor
struct PhoneLayoutTests {
  static let patience = Duration.seconds(90)

  /// An Anki note's answer of forty words.
  static let longMeaning = (1...40).map { "word\($0)" }.joined(separator: " ")

  @Test func aLongAnswerKeepsTheButtonsOnTheScreen() async throws {
    let drafts = [WordDraft(term: "쓰다듬다", meaning: Self.longMeaning)]
    try await TestLibrary.with(title: "Long", drafts: drafts) { library in
      try await WebDriver.with(width: 390, height: 844, touch: true) { browser in
        try await browser.tapOpenBook(of: library, patience: Self.patience)
        #expect(
          try await browser.run("return document.getElementById('focus-hint-text').textContent")
            as? String
            == "Tap the card to turn it. Swipe it right if you knew it, left if you did not.")
        try await browser.tap("#focus-card")
        #expect(
          try await browser.waitFor(
            "return document.getElementById('focus-card').dataset.face === 'back'",
            timeout: Self.patience))
        #expect(
          try await browser.run("return document.getElementById('focus-card').dataset.long")
            as? String == "true")
        let inView = """
          const box = document.getElementById('focus-buttons').getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight;
          """
        #expect(try await browser.run(inView) as? Bool == true)
        // Scrolled to the top of the page, the buttons are still in view.
        _ = try await browser.run("window.scrollTo(0, 0); return true")
        #expect(try await browser.run(inView) as? Bool == true)
      }
    }
  }

  @Test func aMouseAndKeyboardGetTheKeysHint() async throws {
    try await TestLibrary.with(terms: ["물"]) { library in
      try await WebDriver.with(width: 1024, height: 768) { browser in
        try await browser.open(library.server.url)
        #expect(
          try await browser.waitFor(
            "return document.getElementById('focus-hint-text').textContent.startsWith('Click')",
            timeout: Self.patience))
      }
    }
  }

  /// Each rating button says what it would schedule, as the service would store it: a new
  /// card's learning steps, then days.
  @Test func theRatingButtonsSayWhatTheyWouldSchedule() async throws {
    try await TestLibrary.with(terms: ["물", "불"]) { library in
      try await WebDriver.with(width: 390, height: 844, touch: true) { browser in
        try await browser.tapOpenBook(of: library, patience: Self.patience)
        let shown =
          "return ['didnt-know', 'hard', 'knew', 'easy'].map((id) => "
          + "document.getElementById(id).dataset.interval ?? '')"
        #expect(
          try await browser.waitFor(
            "return document.getElementById('easy').dataset.interval !== undefined",
            timeout: Self.patience))
        let intervals = try #require(try await browser.run(shown) as? [String])
        let preview = try await library.service.fetchRatingPreview(
          of: library.words[0].id, at: .now)
        let waits = Rating.allCases.map { preview.wait(after: $0) }
        #expect(intervals[0] == "1m" && waits[0] == 60)
        #expect(intervals[2] == "10m" && waits[2] == 600)
        #expect(intervals[3] == "\(waits[3] / 86_400)d", "\(intervals) \(waits)")
        // Longer waits in months and years, to a tenth, and less than a minute.
        let formatted = try await browser.run(
          "return import('./texts.js').then((m) => [m.t.interval(30), m.t.interval(75 * 86400), "
            + "m.t.interval(2 * 31557600)])")
        #expect(formatted as? [String] == ["<1m", "2.5 mths", "2 yrs"])
        // The next card gets its own.
        try await browser.tap("#knew")
        #expect(
          try await browser.waitFor(
            "return document.getElementById('focus-position').textContent === 'Card 2 of 2'"
              + " && document.getElementById('knew').dataset.interval === '10m'",
            timeout: Self.patience))
      }
    }
  }
}
