import Foundation
import Testing
import Wordbook

/// The page on a phone: Chromium at 390×844 with a touch screen, driven by a finger's touch
/// actions only, through the focused view, its round summary and the book manager.
///
/// With `WORDBOOK_SCREENSHOTS` set to a folder, the first test also writes the README's and
/// the page guide's `phone-focus.png`, `phone-summary.png` and `phone-books.png` there.
@Suite(
  .serialized,
  .enabled(
    if: WebTestEnvironment.hasLibrary && WebTestEnvironment.browser != nil,
    WebTestEnvironment.browserReason))
@MainActor
struct PhoneStudyTests {
  /// Long enough for the full suite on two loaded cores, where the process stalls for a minute.
  static let patience = Duration.seconds(90)

  @Test func aLearnerStudiesARoundRestudiesTheMissedOnesAndAddsABookWithThumbsOnly()
    async throws
  {
    let drafts = ["물", "불", "산", "강"].map { WordDraft(term: $0, meaning: "meaning of \($0)") }
    try await TestLibrary.with(title: "Korean nouns", drafts: drafts) { library in
      _ = try await library.service.createBook(title: "Other book")
      try await WebDriver.with(width: 390, height: 844, touch: true) { browser in
        try await browser.open(library.server.url)
        #expect(try await browser.waitFor(Self.exists("[data-book-id]"), timeout: Self.patience))
        try await browser.tap("[data-book-id='\(library.book.id)']")
        // A touch screen opens on the focused view, the picker folded to the open book.
        #expect(try await browser.waitFor(Self.shows("Card 1 of 4"), timeout: Self.patience))
        #expect(try await browser.text("#open-book") == "Wordbook: Korean nouns · Change")
        #expect(try await browser.isShown("#focus-hint"))
        #expect(try await !browser.isShown("#books"))
        #expect(try await !browser.isShown("#cards"))
        try await Self.expectReachable(browser)
        try await Self.record(browser, "phone-focus")

        let ids = library.words.map(\.id.rawValue)
        #expect(try await browser.waitForFocusCard("\(ids[0]) front", timeout: Self.patience))
        try await browser.tap("#focus-card")
        #expect(try await browser.waitFor(Self.face("back"), timeout: Self.patience))
        // A short drag neither marks nor turns.
        try await browser.swipe("#focus-card", dx: 32, with: .touch)
        try await browser.swipe("#focus-card", dx: 160, with: .touch)
        #expect(try await browser.waitFor(Self.shows("Card 2 of 4"), timeout: Self.patience))
        #expect(try await browser.waitForFocusCard("\(ids[1]) front", timeout: Self.patience))
        // The hint goes once the learner has marked a card, and stays gone.
        #expect(try await !browser.isShown("#focus-hint"))
        try await browser.swipe("#focus-card", dx: -160, with: .touch)
        #expect(try await browser.waitFor(Self.shows("Card 3 of 4"), timeout: Self.patience))
        try await browser.tap("#knew")
        #expect(try await browser.waitFor(Self.shows("Card 4 of 4"), timeout: Self.patience))
        try await browser.tap("#didnt-know")
        #expect(try await browser.waitFor(Self.summaryShown, timeout: Self.patience))
        #expect(
          try await browser.waitFor(Self.summary("Known 2 · Not known 2"), timeout: Self.patience))
        #expect(
          try await browser.waitFor(
            "return document.getElementById('tally').textContent"
              + " === 'Known 2 · Not known 2 · Not studied 0'", timeout: Self.patience))
        let saved = try await WebTestEnvironment.waitUntil(timeout: Self.patience) {
          try await library.service.fetchWords(in: library.book.id).map(\.studyState)
            == [.success, .fail, .success, .fail]
        }
        #expect(saved)
        try await Self.record(browser, "phone-summary")

        // One tap restudies the missed cards: a round of its own, in the same mode.
        try await browser.tap("#restudy")
        #expect(try await browser.waitFor(Self.shows("Card 1 of 2"), timeout: Self.patience))
        #expect(
          try await browser.run("return document.getElementById('mode').value") as? String
            == "all")
        #expect(try await browser.waitForFocusCard("\(ids[1]) front", timeout: Self.patience))
        try await browser.tap("#knew")
        #expect(try await browser.waitFor(Self.shows("Card 2 of 2"), timeout: Self.patience))
        #expect(try await browser.waitForFocusCard("\(ids[3]) front", timeout: Self.patience))
        try await browser.swipe("#focus-card", dx: 160, with: .touch)
        #expect(try await browser.waitFor(Self.summaryShown, timeout: Self.patience))
        #expect(
          try await browser.waitFor(Self.summary("Known 2 · Not known 0"), timeout: Self.patience))
        #expect(
          try await browser.run("return document.getElementById('restudy').disabled") as? Bool
            == true)

        // A new book, from the folded picker.
        try await browser.tap("#open-book")
        #expect(try await browser.waitFor(Self.visible("#new-book-title"), timeout: Self.patience))
        try await Self.record(browser, "phone-books")
        try await browser.tap("#new-book-title")
        try await browser.type("Verbs", into: "#new-book-title")
        try await browser.tap("#create-book")
        #expect(
          try await browser.waitFor(
            "return document.getElementById('open-book').textContent"
              + " === 'Wordbook: Verbs · Change'", timeout: Self.patience))
        #expect(try await library.service.fetchBooks().map(\.title).contains("Verbs"))
        #expect(try await !browser.isShown("#books"))
        #expect(try await browser.waitFor(Self.shows(""), timeout: Self.patience))
        #expect(try await browser.text("#cards-status") == "No words to show here.")
      }
    }
  }

  /// A learner's day: Due mode shows the overdue card first, then the one due since, then the
  /// new one, then the learning cards whose steps end within the learn-ahead limit; the word
  /// reviewed as easy waits. Each thumb button is a rating the server records. With `WORDBOOK_SCREENSHOTS` set, writes `phone-due.png`.
  @Test func aLearnersDayStartsWithTheDueCardsAndEachButtonRatesOne() async throws {
    let drafts = ["물", "불", "산", "강"].map { WordDraft(term: $0, meaning: "meaning of \($0)") }
    try await TestLibrary.with(title: "Korean nouns", drafts: drafts) { library in
      let ids = library.words.map(\.id)
      let now = Timestamp.now
      // 물 was forgotten two hours ago (due a minute after), 불 started yesterday (due ten
      // minutes after), 산 was easy an hour ago (due in days), 강 is new.
      _ = try await library.service.recordReview(
        Review(rating: .again, time: now.advanced(by: -7200)), of: ids[0])
      _ = try await library.service.recordReview(
        Review(rating: .good, time: now.advanced(by: -3600)), of: ids[1])
      _ = try await library.service.recordReview(
        Review(rating: .easy, time: now.advanced(by: -3600)), of: ids[2])
      try await WebDriver.with(width: 390, height: 844, touch: true) { browser in
        try await browser.open(library.server.url)
        #expect(try await browser.waitFor(Self.exists("[data-book-id]"), timeout: Self.patience))
        try await browser.tap("[data-book-id='\(library.book.id)']")
        #expect(try await browser.waitFor(Self.shows("Card 1 of 4"), timeout: Self.patience))
        _ = try await browser.run(
          "const mode = document.getElementById('mode'); mode.value = 'due';"
            + " mode.dispatchEvent(new Event('change'));")
        // 물 and 불 are learning, due; 강 is new; 산 waits for its day.
        #expect(
          try await browser.waitFor(
            Self.shows("New 1 · Learning 2 · Due 0"), timeout: Self.patience))
        #expect(
          try await browser.waitFor(
            Self.text(of: "due-summary", is: "New 1 · Learning 2 · Due 0"), timeout: Self.patience))
        #expect(
          try await browser.waitForFocusCard("\(ids[0].rawValue) front", timeout: Self.patience))
        try await Self.record(browser, "phone-due")
        try await browser.tap("#easy")
        #expect(
          try await browser.waitFor(
            Self.shows("New 1 · Learning 1 · Due 0"), timeout: Self.patience))
        #expect(
          try await browser.waitForFocusCard("\(ids[1].rawValue) front", timeout: Self.patience))
        // *hard* keeps 불 on its ten-minute step: within the learn-ahead limit, so it comes
        // back in this round once nothing else is left.
        try await browser.tap("#hard")
        #expect(
          try await browser.waitFor(
            Self.shows("New 1 · Learning 1 · Due 0"), timeout: Self.patience))
        #expect(
          try await browser.waitForFocusCard("\(ids[3].rawValue) front", timeout: Self.patience))
        try await browser.tap("#didnt-know")
        // 강's first step ends before 불's: it comes first.
        #expect(
          try await browser.waitFor(
            Self.shows("New 0 · Learning 2 · Due 0"), timeout: Self.patience))
        #expect(
          try await browser.waitForFocusCard("\(ids[3].rawValue) front", timeout: Self.patience))
        try await browser.tap("#easy")
        #expect(
          try await browser.waitFor(
            Self.shows("New 0 · Learning 1 · Due 0"), timeout: Self.patience))
        #expect(
          try await browser.waitForFocusCard("\(ids[1].rawValue) front", timeout: Self.patience))
        try await browser.tap("#easy")
        #expect(try await browser.waitFor(Self.summaryShown, timeout: Self.patience))
        #expect(
          try await browser.waitFor(Self.summary("Known 2 · Not known 1"), timeout: Self.patience))
      }
      var logs: [[Review]] = []
      for id in ids { logs.append(try await library.service.fetchReviews(of: id)) }
      #expect(
        logs.map { $0.map(\.rating) } == [
          [.again, .easy], [.good, .hard, .easy], [.easy], [.again, .easy],
        ])
      // The page's ratings are at the server's time, whatever time the page sent.
      let ratedByThePage = [logs[0][1], logs[1][1], logs[1][2], logs[3][0], logs[3][1]]
      #expect(ratedByThePage.allSatisfy { (now...Timestamp.now).contains($0.time) })
    }
  }

  /// A Due round on a phone, with learning steps of 3 and 6 seconds: the missed card comes back
  /// when its step is due, the summary counts the round, *Study the ones I missed* shows
  /// exactly the miss, and no key or tap rates a card of the ended round.
  @Test func aDueRoundBringsTheMissedCardBackAndItsSummaryCountsTheRound() async throws {
    let drafts = ["물", "불", "산"].map { WordDraft(term: $0, meaning: "meaning of \($0)") }
    try await TestLibrary.with(title: "Korean nouns", drafts: drafts) { library in
      try await library.service.setReviewSettings(
        ReviewSettings(scheduler: SchedulerSettings(learningSteps: [.seconds(3), .seconds(6)])))
      // The book was left in Due mode: it opens in it.
      try await library.service.setStudyMode(.due, of: library.book.id)
      let ids = library.words.map(\.id.rawValue)
      try await WebDriver.with(width: 390, height: 844, touch: true) { browser in
        try await browser.open(library.server.url)
        #expect(try await browser.waitFor(Self.exists("[data-book-id]"), timeout: Self.patience))
        #expect(
          try await browser.waitFor(
            "return document.querySelector(`[data-book-id='${arguments[0]}']`).textContent"
              + " === 'Korean nouns (3) · New 3 · Learning 0 · Due 0'",
            [library.book.id.rawValue], timeout: Self.patience))
        try await browser.tap("[data-book-id='\(library.book.id)']")
        #expect(
          try await browser.waitFor(
            Self.shows("New 3 · Learning 0 · Due 0"), timeout: Self.patience))
        #expect(try await browser.waitForFocusCard("\(ids[0]) front", timeout: Self.patience))
        try await browser.tap("#didnt-know")
        let missedAt = ContinuousClock.now
        #expect(
          try await browser.waitFor(
            Self.shows("New 2 · Learning 1 · Due 0"), timeout: Self.patience))
        #expect(try await browser.waitForFocusCard("\(ids[1]) front", timeout: Self.patience))
        // Once the missed card's step is due, it comes back before the new card left.
        while ContinuousClock.now < missedAt + .milliseconds(3300) {
          try await Task.sleep(for: .milliseconds(100))
        }
        try await browser.tap("#easy")
        #expect(
          try await browser.waitFor(
            Self.shows("New 1 · Learning 1 · Due 0"), timeout: Self.patience))
        #expect(try await browser.waitForFocusCard("\(ids[0]) front", timeout: Self.patience))
        try await browser.tap("#easy")
        #expect(
          try await browser.waitFor(
            Self.shows("New 1 · Learning 0 · Due 0"), timeout: Self.patience))
        #expect(try await browser.waitForFocusCard("\(ids[2]) front", timeout: Self.patience))
        try await browser.tap("#easy")
        #expect(try await browser.waitFor(Self.summaryShown, timeout: Self.patience))
        #expect(
          try await browser.waitFor(Self.summary("Known 2 · Not known 1"), timeout: Self.patience))
        // No key rates a card of the ended round (the reviews below hold none of these).
        for key in ["l", "h", "3"] { try await browser.press(key) }
        #expect(try await browser.isShown("#summary"))
        // Studying the missed again: a round of exactly the one missed.
        try await browser.tap("#restudy")
        #expect(try await browser.waitFor(Self.shows("Card 1 of 1"), timeout: Self.patience))
        #expect(try await browser.waitForFocusCard("\(ids[0]) front", timeout: Self.patience))
      }
      var ratings: [[Rating]] = []
      for id in library.words.map(\.id) {
        ratings.append(try await library.service.fetchReviews(of: id).map(\.rating))
      }
      #expect(ratings == [[.again, .easy], [.easy], [.easy]])
    }
  }

  @Test func theBookManagerRefusesAsTheTerminalDoesThenRenamesAndDeletes() async throws {
    try await TestLibrary.with(title: "First", drafts: [WordDraft(term: "a", meaning: "b")]) {
      library in
      let other = try await library.service.createBook(title: "Second")
      try await WebDriver.with(width: 390, height: 844, language: "ko-KR", touch: true) {
        browser in
        try await browser.open(library.server.url)
        #expect(try await browser.waitFor(Self.exists("[data-book-id]"), timeout: Self.patience))
        // Before a book is open the manager shows its new-book form, in Korean.
        #expect(try await browser.text("#create-book") == "만들기")
        try await browser.tap("#create-book")
        #expect(try await browser.waitFor(Self.error("단어장 제목을 입력한"), timeout: Self.patience))
        try await browser.tap("#error-dismiss")
        try await browser.tap("[data-book-id='\(library.book.id)']")
        #expect(try await browser.waitFor(Self.visible("#focus-card"), timeout: Self.patience))
        #expect(try await browser.text("#knew") == "알아요")
        try await browser.tap("#open-book")
        try await browser.clear("#rename-book-title")
        try await browser.type("Second", into: "#rename-book-title")
        try await browser.tap("#rename-book")
        #expect(try await browser.waitFor(Self.error("이미 그 제목을"), timeout: Self.patience))
        try await browser.tap("#error-dismiss")
        try await browser.clear("#rename-book-title")
        try await browser.type("Renamed", into: "#rename-book-title")
        try await browser.tap("#rename-book")
        #expect(
          try await browser.waitFor(
            "return document.querySelector(`[data-book-id='${arguments[0]}']`)"
              + ".textContent === 'Renamed (1) · 새 단어 1 · 학습 중 0 · 복습 0'",
            [library.book.id.rawValue],
            timeout: Self.patience))
        try await browser.tap("#delete-book")
        #expect(try await browser.isOpen(dialog: "confirm-delete-book"))
        #expect(
          try await browser.text("#delete-book-question")
            == "단어장 \(library.book.id) (“Renamed”)과 단어 1개를 지울까요?")
        try await browser.tap("#delete-book-confirm")
        #expect(
          try await browser.waitFor(
            "return document.querySelectorAll('[data-book-id]').length === 1"
              + " && document.getElementById('study').hidden", timeout: Self.patience))
        #expect(try await library.service.fetchBooks().map(\.id) == [other.id])
        #expect(try await browser.isShown("#books"))
      }
    }
  }

  @Test func theListsPagerJumpsToTheFirstTheLastAndAPosition() async throws {
    try await TestLibrary.with(terms: (1...45).map { "term \($0)" }) { library in
      try await WebDriver.with(width: 390, height: 844) { browser in
        // A mouse, even in a phone-sized window, opens on the list.
        try await browser.openBook(of: library)
        #expect(try await browser.text("#position") == "1–20 of 45")
        try await browser.click("#last")
        #expect(try await browser.waitFor(Self.position("41–45 of 45"), timeout: Self.patience))
        try await browser.type("25", into: "#jump")
        try await browser.click("#jump-go")
        #expect(try await browser.waitFor(Self.position("21–40 of 45"), timeout: Self.patience))
        #expect(
          try await browser.run("return document.querySelector('.card.current .term').textContent")
            as? String == "term 25")
        try await browser.click("#first")
        #expect(try await browser.waitFor(Self.position("1–20 of 45"), timeout: Self.patience))
        #expect(
          try await browser.run("return document.getElementById('first').disabled") as? Bool
            == true)
        // The list is one tap away from the focused view, and back through the menu, which
        // folds the study controls there.
        try await browser.click("#view-focus")
        #expect(try await browser.waitFor(Self.shows("Card 1 of 45"), timeout: Self.patience))
        #expect(try await !browser.isShown("#view-list"))
        try await browser.click("#menu")
        try await browser.click("#view-list")
        #expect(try await browser.waitFor(Self.visible("#cards"), timeout: Self.patience))
      }
    }
  }

  @Test func theFocusedViewTurnsWithoutMotionWhenAskedAndFollowsDarkMode() async throws {
    try await TestLibrary.with { library in
      try await WebDriver.with(width: 390, height: 844, touch: true) { browser in
        try await browser.open(library.server.url)
        #expect(try await browser.waitFor(Self.exists("[data-book-id]"), timeout: Self.patience))
        try await browser.tap("[data-book-id='\(library.book.id)']")
        #expect(try await browser.waitFor(Self.shows("Card 1 of 12"), timeout: Self.patience))
        let appearance = """
          const card = getComputedStyle(document.getElementById('focus-card'));
          return [card.backgroundColor, card.animationName, card.transitionDuration]
          """
        try await browser.tap("#focus-card")
        #expect(try await browser.waitFor(Self.face("back"), timeout: Self.patience))
        #expect(
          try await browser.run(appearance) as? [String] == [
            "rgb(255, 255, 255)", "turn", "0.2s, 0.2s",
          ])
        try await browser.emulateMedia([
          "prefers-color-scheme": "dark", "prefers-reduced-motion": "reduce",
        ])
        try await browser.tap("#focus-card")
        #expect(try await browser.waitFor(Self.face("front"), timeout: Self.patience))
        #expect(
          try await browser.run(appearance) as? [String] == ["rgb(35, 35, 39)", "none", "0s"])
        // The card follows the finger and turns green, then yellow, before it is let go.
        let drag = """
          const card = document.getElementById('focus-card');
          const tints = ['dragging', 'toward-success', 'toward-fail'];
          return [tints.filter((name) => card.classList.contains(name)).join(' '),
            String(card.style.transform.startsWith('translateX'))]
          """
        try await browser.hold("#focus-card", dx: 120)
        #expect(try await browser.run(drag) as? [String] == ["dragging toward-success", "true"])
        try await browser.release()
        #expect(try await browser.waitFor(Self.shows("Card 2 of 12"), timeout: Self.patience))
        try await browser.hold("#focus-card", dx: -120)
        #expect(try await browser.run(drag) as? [String] == ["dragging toward-fail", "true"])
        try await browser.release()
        #expect(try await browser.waitFor(Self.shows("Card 3 of 12"), timeout: Self.patience))
        // From a keyboard: the card takes the focus, Space turns it and → marks it known.
        try await browser.run("document.getElementById('focus-card').focus()")
        try await browser.press(" ")
        #expect(try await browser.waitFor(Self.face("back"), timeout: Self.patience))
        try await browser.press("\u{E014}")
        #expect(try await browser.waitFor(Self.shows("Card 4 of 12"), timeout: Self.patience))
        #expect(
          try await browser.waitFor(
            "return document.getElementById('tally').textContent.startsWith('Known 2 · Not known 1 ')",
            timeout: Self.patience))
      }
    }
  }

  /// The focused view's parts are named for a screen reader and reached by the keyboard.
  static func expectReachable(_ browser: WebDriver) async throws {
    let roles = try await browser.run(
      """
      const card = document.getElementById('focus-card');
      const help = document.getElementById(card.getAttribute('aria-describedby'));
      return [card.getAttribute('role'), String(card.tabIndex), help.textContent,
        document.getElementById('focus-progress').getAttribute('aria-label'),
        document.getElementById('focus-position').getAttribute('role'),
        document.getElementById('views').getAttribute('role'),
        document.getElementById('views').getAttribute('aria-label'),
        document.getElementById('view-focus').getAttribute('aria-pressed'),
        document.getElementById('knew').textContent.trim(),
        document.getElementById('didnt-know').textContent.trim(),
        document.getElementById('open-book').getAttribute('aria-expanded'),
        document.getElementById('new-book-title').getAttribute('aria-label'),
        document.getElementById('summary').getAttribute('aria-labelledby')];
      """)
    #expect(
      roles as? [String] == [
        "button", "0", "Card: tap or press Space to turn it", "Round progress", "status",
        "group", "View", "true", "Knew it", "Didn’t know", "false", "Title of the new wordbook",
        "summary-title",
      ])
  }

  static func record(_ browser: WebDriver, _ name: String) async throws {
    try await browser.run("window.scrollTo(0, 0)")
    #expect(
      try await browser.run("return document.documentElement.scrollWidth <= window.innerWidth")
        as? Bool == true)
    let image = try await browser.screenshot()
    #expect(ScreenshotTests.pngSize(of: image).map { [$0.width, $0.height] } == [390, 844])
    if let folder = ProcessInfo.processInfo.environment["WORDBOOK_SCREENSHOTS"] {
      try image.write(to: URL(fileURLWithPath: folder).appendingPathComponent("\(name).png"))
    }
  }

  static func exists(_ selector: String) -> String {
    "return document.querySelector('\(selector)') !== null"
  }

  static func visible(_ selector: String) -> String {
    "return document.querySelector('\(selector)')?.checkVisibility() === true"
  }

  /// A script that answers whether the element `id` holds exactly `text`.
  static func text(of id: String, is text: String) -> String {
    "return document.getElementById('\(id)').textContent === '\(text)'"
  }

  static func shows(_ position: String) -> String { text(of: "focus-position", is: position) }

  static func position(_ text: String) -> String { Self.text(of: "position", is: text) }

  static func summary(_ counts: String) -> String { text(of: "summary-counts", is: counts) }

  static func face(_ face: String) -> String {
    "return document.getElementById('focus-card').dataset.face === '\(face)'"
  }

  static func error(_ part: String) -> String {
    "return !document.getElementById('error').hidden"
      + " && document.getElementById('error-text').textContent.includes('\(part)')"
  }

  static let summaryShown =
    "return document.getElementById('summary').checkVisibility()"
    + " && !document.getElementById('focus-card').checkVisibility()"
}

extension WebDriver {
  /// The text of the first element `selector` matches.
  func text(_ selector: String) async throws -> String? {
    try await run("return document.querySelector(arguments[0])?.textContent ?? null", [selector])
      as? String
  }

  /// Whether the first element `selector` matches is shown.
  func isShown(_ selector: String) async throws -> Bool {
    try await run(
      "return document.querySelector(arguments[0])?.checkVisibility() === true",
      [
        selector
      ]) as? Bool == true
  }

  /// The word ID and face of the focused view's card, as "12 front".
  /// Waits at most `timeout` for the focused card to be `expected` (its word's ID and face, as
  /// ``focusCard()`` gives them): the counts a rating changes may show before the next card.
  func waitForFocusCard(_ expected: String, timeout: Duration) async throws -> Bool {
    try await waitFor(
      "const card = document.getElementById('focus-card');"
        + "return `${card.dataset.wordId} ${card.dataset.face}` === arguments[0]",
      [expected], timeout: timeout)
  }

  func focusCard() async throws -> String? {
    try await run(
      "const card = document.getElementById('focus-card');"
        + "return `${card.dataset.wordId} ${card.dataset.face}`") as? String
  }
}
