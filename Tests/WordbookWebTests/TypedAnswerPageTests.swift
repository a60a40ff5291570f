import Foundation
import Testing
import Wordbook

/// The page's typed answers and its voice, on a phone: Chromium at 390×844 with a touch screen
/// and a keyboard. The browser's speech synthesis is replaced by a recorder, so the test hears
/// what the page asks it to say.
///
/// With `WORDBOOK_SCREENSHOTS` set to a folder, the first test also writes the page guide's
/// `phone-typed-answer.png` there.
@Suite(
  .serialized,
  .enabled(
    if: WebTestEnvironment.hasLibrary && WebTestEnvironment.browser != nil,
    WebTestEnvironment.browserReason))
@MainActor
struct TypedAnswerPageTests {
  /// Long enough for the full suite on two loaded cores.
  static let patience = PhoneStudyTests.patience

  /// Replaces the browser's speech synthesis with a recorder of what the page asks it to say:
  /// `window.spoken` holds `{text, lang}` of each utterance, and `window.cancelled` counts the
  /// utterances cut short.
  static let recordSpeech = """
    window.spoken = [];
    window.cancelled = 0;
    speechSynthesis.speak = (utterance) =>
      window.spoken.push({ text: utterance.text, lang: utterance.lang });
    speechSynthesis.cancel = () => { window.cancelled += 1; };
    """

  @Test func aTypedAnswerIsMarkedItsProposalAcceptedWithEnterAndTheTermSaidInKorean()
    async throws
  {
    let drafts = [
      WordDraft(term: "쓰다듬다", meaning: "to stroke; to pat"),
      WordDraft(term: "고양이", meaning: "cat; kitty"),
    ]
    try await TestLibrary.with(title: "Korean verbs", drafts: drafts) { library in
      let ids = library.words.map(\.id)
      try await WebDriver.with(width: 390, height: 844, touch: true) { browser in
        try await browser.tapOpenBook(of: library, patience: Self.patience)
        #expect(try await browser.isShown("#say"), "headless Chromium has speech synthesis")
        try await browser.run(Self.recordSpeech)

        // The cards ask for the term: the typed answer is compared with 쓰다듬다.
        try await browser.tapInMenu("#reverse")
        #expect(try await browser.waitFor(Self.reversed("true"), timeout: Self.patience))
        try await browser.tapInMenu("#typing")
        #expect(try await browser.waitFor(Self.awaitsAnswer, timeout: Self.patience))
        #expect(try await browser.run("return document.activeElement.id") as? String == "answer")
        try await browser.tap("#menu")
        try await Self.expectReachable(browser)
        try await browser.type("스다듬다", into: "#answer")
        try await browser.press("\u{E007}")
        #expect(
          try await browser.waitFor(
            Self.text(of: "answer-proposal", is: "Hard? Enter to accept, 1–4 to choose"),
            timeout: Self.patience))
        #expect(
          try await browser.marks("answer-typed") == ["스 wrong", "다 right", "듬 right", "다 right"])
        #expect(
          try await browser.marks("answer-expected") == [
            "쓰 missing", "다 right", "듬 right", "다 right",
          ])
        // The wrong syllable reads without colour: it is struck out.
        #expect(
          try await browser.run(
            "return getComputedStyle(document.querySelector('#answer-typed .wrong'))"
              + ".textDecorationLine") as? String == "line-through")
        #expect(
          try await browser.run("return document.getElementById('hard').className") as? String
            == "success proposed")
        #expect(
          try await browser.waitForFocusCard("\(ids[0].rawValue) back", timeout: Self.patience))
        #expect(try await !browser.isShown("#answer-form"))
        #expect(
          try await browser.run("return document.activeElement.id") as? String == "focus-card")
        try await PhoneStudyTests.record(browser, "phone-typed-answer")

        // Enter accepts the proposal: the service records *hard*.
        try await browser.press("\u{E007}")
        #expect(
          try await browser.waitFor(PhoneStudyTests.shows("Card 2 of 2"), timeout: Self.patience))
        #expect(
          try await WebTestEnvironment.waitUntil(timeout: Self.patience) {
            try await library.service.fetchReviews(of: ids[0]).map(\.rating) == [.hard]
          })
        #expect(try await browser.waitFor(Self.awaitsAnswer, timeout: Self.patience))
        #expect(try await browser.text("#answer-proposal") == "")

        // The term first again: `p` says it, in Korean.
        try await browser.tapInMenu("#reverse")
        #expect(try await browser.waitFor(Self.reversed("false"), timeout: Self.patience))
        try await browser.tap("#menu")
        try await browser.press("p")
        #expect(
          try await browser.waitFor("return window.spoken.length === 1", timeout: Self.patience))
        #expect(
          try await browser.run("return [window.spoken[0].text, window.spoken[0].lang]")
            as? [String] == ["고양이", "ko-KR"])
        #expect(try await browser.run("return window.cancelled") as? Int == 1)

        // One part of the meaning is the answer; the letters typed are not the page's keys
        // (`t` would turn typing off, `k` go back a card).
        try await browser.type("kitty", into: "#answer")
        try await browser.press("\u{E007}")
        #expect(
          try await browser.waitFor(
            Self.text(of: "answer-proposal", is: "Good? Enter to accept, 1–4 to choose"),
            timeout: Self.patience))
        #expect(try await browser.marks("answer-expected") == "kitty".map { "\($0) right" })
        #expect(
          try await browser.run("return document.getElementById('typing').ariaPressed")
            as? String == "true")
        #expect(
          try await browser.waitForFocusCard("\(ids[1].rawValue) back", timeout: Self.patience))
        // A rating button overrides the proposal.
        try await browser.tap("#easy")
        #expect(
          try await browser.waitFor(PhoneStudyTests.summaryShown, timeout: Self.patience))
      }
      #expect(
        try await WebTestEnvironment.waitUntil(timeout: Self.patience) {
          try await library.service.fetchReviews(of: ids[1]).map(\.rating) == [.easy]
        })
      // The Type switch is kept for the book, for the next page.
      #expect(
        try await WebTestEnvironment.waitUntil(timeout: Self.patience) {
          try await library.service.studyPreferences().typingBooks == [library.book.id]
        })
    }
  }

  /// From the keyboard, in Korean: `t` turns typing on and the field takes the keys, Escape
  /// leaves it for the card, `P` says each new card, and the proposal reads in Korean.
  @Test func theKeysTurnTypingAndSpeechOnAndTheComparisonReadsInKorean() async throws {
    let drafts = [
      WordDraft(term: "물", meaning: "water"), WordDraft(term: "불", meaning: "fire"),
    ]
    try await TestLibrary.with(title: "Korean nouns", drafts: drafts) { library in
      try await WebDriver.with(width: 390, height: 844, language: "ko-KR", touch: true) {
        browser in
        try await browser.open(library.server.url)
        #expect(
          try await browser.waitFor(
            PhoneStudyTests.exists("[data-book-id]"), timeout: Self.patience))
        try await browser.tap("[data-book-id='\(library.book.id)']")
        #expect(
          try await browser.waitFor(
            PhoneStudyTests.shows("2장 중 1번째"), timeout: Self.patience))
        try await browser.run(Self.recordSpeech)
        #expect(try await browser.text("#typing") == "답 입력")
        // The phone's menu and its Undo under the thumb, in Korean too.
        #expect(
          try await browser.run(
            "return ['menu', 'focus-undo'].map((id) => document.getElementById(id).innerText)")
            as? [String] == ["메뉴", "되돌리기"])
        #expect(
          try await browser.run("return document.getElementById('say').ariaLabel") as? String
            == "읽어 주기")
        try await browser.run("document.getElementById('focus-card').focus()")
        try await browser.press("t")
        #expect(try await browser.waitFor(Self.awaitsAnswer, timeout: Self.patience))
        #expect(try await browser.run("return document.activeElement.id") as? String == "answer")
        // Escape leaves the field: the next key is a command again.
        try await browser.press("\u{E00C}")
        #expect(
          try await browser.run("return document.activeElement.id") as? String == "focus-card")
        try await browser.press("P")
        #expect(
          try await browser.waitFor(
            "return document.getElementById('say-new').ariaPressed === 'true'",
            timeout: Self.patience))
        try await browser.type("wate", into: "#answer")
        try await browser.press("\u{E007}")
        #expect(
          try await browser.waitFor(
            Self.text(of: "answer-proposal", is: "어려움? Enter로 확정, 1–4로 고르기"),
            timeout: Self.patience))
        #expect(try await browser.marks("answer-expected")?.last == "r missing")
        // Accepted, the next card comes up and is said by itself.
        try await browser.press("\u{E007}")
        #expect(
          try await browser.waitFor(
            "return window.spoken.length === 1 && window.spoken[0].text === '불'"
              + " && window.spoken[0].lang === 'ko-KR'", timeout: Self.patience))
      }
      #expect(
        try await WebTestEnvironment.waitUntil(timeout: Self.patience) {
          try await library.service.fetchReviews(of: library.words[0].id).map(\.rating)
            == [.hard]
        })
    }
  }

  /// A browser without speech synthesis shows no speaker, and `p` says that it cannot speak.
  @Test func aBrowserThatCannotSpeakSaysSo() async throws {
    try await TestLibrary.with(drafts: [WordDraft(term: "물", meaning: "water")]) { library in
      try await WebDriver.with(width: 390, height: 844, touch: true) { browser in
        try await browser.runBeforeEachPage(
          "Object.defineProperty(window, 'speechSynthesis', { value: undefined })")
        try await browser.tapOpenBook(of: library, patience: Self.patience)
        #expect(try await !browser.isShown("#say"))
        try await browser.tap("#menu")
        #expect(try await browser.isShown("#typing"))
        #expect(try await !browser.isShown("#say-new"))
        try await browser.run("document.getElementById('focus-card').focus()")
        try await browser.press("p")
        #expect(
          try await browser.waitFor(
            PhoneStudyTests.error("This browser cannot read words aloud."),
            timeout: Self.patience))
      }
    }
  }

  /// The typing and speech controls are named for a screen reader and reached by the keyboard,
  /// and the answer's field is not corrected or capitalized by a phone's keyboard.
  static func expectReachable(_ browser: WebDriver) async throws {
    let parts = try await browser.run(
      """
      const field = document.getElementById('answer');
      return [document.getElementById('typing').getAttribute('aria-pressed'),
        document.getElementById('typing').textContent,
        document.getElementById('say-new').getAttribute('aria-pressed'),
        document.getElementById('say').getAttribute('aria-label'),
        field.labels[0].textContent, field.getAttribute('autocomplete'),
        field.getAttribute('autocapitalize'), field.getAttribute('spellcheck'),
        document.getElementById('answer-result').getAttribute('role')];
      """)
    #expect(
      parts as? [String] == [
        "true", "Type", "false", "Say", "Your answer", "off", "off", "false", "status",
      ])
  }

  static func text(of id: String, is text: String) -> String {
    PhoneStudyTests.text(of: id, is: text)
  }

  static func reversed(_ value: String) -> String {
    "return document.getElementById('focus-card').dataset.reversed === '\(value)'"
  }

  static let awaitsAnswer =
    "return document.getElementById('answer-form').checkVisibility()"
}

extension WebDriver {
  /// The characters of the checked answer's part `id` (`answer-typed` or `answer-expected`),
  /// each with its mark: `스 wrong`.
  func marks(_ id: String) async throws -> [String]? {
    try await run(
      "return Array.from(document.querySelectorAll(`#${arguments[0]} .mark`))"
        + ".map((mark) => `${mark.textContent} ${mark.classList[1]}`)", [id]) as? [String]
  }
}
