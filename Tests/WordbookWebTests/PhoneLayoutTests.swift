import Foundation
import Testing
import Wordbook

/// The focused view on a 390×844 phone and at a desk: on the phone the card comes first, with
/// the study controls in one menu and Undo under the thumb; a long answer keeps the answers'
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

  /// The card first: the open book and the menu's button share one bar, the card starts in
  /// the top quarter and takes half the height, the study controls wait in the menu (a tap or
  /// Enter opens it, Escape closes it and gives its button the focus back), and Undo is in the
  /// bottom third, under the thumb.
  @Test func theCardComesFirstAndTheControlsFoldIntoOneMenu() async throws {
    try await TestLibrary.with(terms: ["물", "불", "산"]) { library in
      let ids = library.words.map(\.id.rawValue)
      try await WebDriver.with(width: 390, height: 844, touch: true) { browser in
        try await browser.tapOpenBook(of: library, patience: Self.patience)
        // As on a first visit, with the hint above the card.
        #expect(try await browser.isShown("#focus-hint"))
        let card = try await browser.verticalBox(of: "#focus-card")
        #expect(card.top <= 844 / 4 && card.height >= 844 / 2, "\(card)")
        let bar = try await browser.verticalBox(of: "#open-book")
        #expect(try await browser.verticalBox(of: "#menu") == bar)
        #expect(bar.bottom < card.top)
        #expect(try await Self.menu(of: browser) == ["false", "views toolbar", "Menu"])
        #expect(try await Self.shownControls(of: browser) == [])

        try await browser.tap("#menu")
        #expect(try await Self.menu(of: browser) == ["true", "views toolbar", "Menu"])
        #expect(try await Self.shownControls(of: browser) == Self.controls)
        try await browser.tap("#reverse")
        #expect(
          try await browser.waitFor(
            "return document.getElementById('reverse').ariaPressed === 'true'",
            timeout: Self.patience))
        // Escape in the menu closes it, and its button has the focus again; the page's own
        // Escape (clear the search) does not hear it.
        try await browser.run(
          "window.escapes = 0; document.addEventListener('keydown', (event) => {"
            + " if (event.key === 'Escape') window.escapes += 1; });"
            + " document.getElementById('reverse').focus()")
        try await browser.press("\u{E00C}")
        #expect(try await Self.menu(of: browser) == ["false", "views toolbar", "Menu"])
        #expect(try await browser.run("return document.activeElement.id") as? String == "menu")
        #expect(try await Self.shownControls(of: browser) == [])
        // From the keyboard: Enter opens it, Tab goes to its first control.
        try await browser.press("\u{E007}")
        #expect(try await Self.shownControls(of: browser) == Self.controls)
        try await browser.press("\u{E004}")
        #expect(
          try await browser.run("return document.activeElement.id") as? String == "view-focus")
        try await browser.press("\u{E00C}")
        #expect(try await browser.run("return document.activeElement.id") as? String == "menu")
        #expect(try await Self.shownControls(of: browser) == [])
        #expect(try await browser.run("return window.escapes") as? Int == 0)

        let undo = try await browser.verticalBox(of: "#focus-undo")
        #expect(undo.top >= 844 * 2 / 3 && undo.bottom <= 844, "\(undo)")
        #expect(try await browser.isShown("#focus-undo"))
        #expect(try await browser.text("#focus-undo")?.contains("Undo") == true)
        try await browser.tap("#knew")
        #expect(
          try await browser.waitFor(PhoneStudyTests.shows("Card 2 of 3"), timeout: Self.patience))
        #expect(
          try await browser.waitFor(
            "return !document.getElementById('focus-undo').disabled", timeout: Self.patience))
        try await browser.tap("#focus-undo")
        #expect(
          try await browser.waitFor(PhoneStudyTests.shows("Card 1 of 3"), timeout: Self.patience))
        #expect(try await browser.waitForFocusCard("\(ids[0]) front", timeout: Self.patience))
        #expect(
          try await browser.waitFor(
            "return document.getElementById('tally').textContent"
              + " === 'Known 0 · Not known 0 · Not studied 3'", timeout: Self.patience))
      }
    }
  }

  /// The study controls the menu folds on a phone.
  static let controls = [
    "view-focus", "view-list", "shuffle", "reverse", "typing", "say-new", "mode", "undo", "redo",
  ]

  /// The menu button's `aria-expanded`, `aria-controls` and text.
  static func menu(of browser: WebDriver) async throws -> [String]? {
    try await browser.run(
      "const menu = document.getElementById('menu');"
        + "return [menu.ariaExpanded, menu.getAttribute('aria-controls'), menu.textContent.trim()]"
    ) as? [String]
  }

  /// Which of ``controls`` are shown.
  static func shownControls(of browser: WebDriver) async throws -> [String]? {
    try await browser.run(
      "return arguments[0].filter((id) => document.getElementById(id).checkVisibility())",
      [controls]) as? [String]
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
