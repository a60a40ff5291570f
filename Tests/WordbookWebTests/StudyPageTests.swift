import Foundation
import Testing
import Wordbook

/// The study page in a real headless Chromium, driven through WebDriver.
@Suite(
  .serialized,
  .enabled(
    if: WebTestEnvironment.hasLibrary && WebTestEnvironment.browser != nil,
    WebTestEnvironment.browserReason))
@MainActor
struct StudyPageTests {
  @Test func opensOnlyWithTheToken() async throws {
    try await TestLibrary.with { library in
      try await WebDriver.with { browser in
        try await browser.open(library.base + "/")
        let refused = try await browser.run("return document.body.textContent")
        #expect((refused as? String)?.contains("wordbook serve") == true)
        try await browser.open(library.server.url)
        #expect(
          try await browser.waitFor("return document.querySelector('[data-book-id]') !== null"))
        // The token left the address for an HttpOnly cookie the script cannot read.
        let search = try await browser.run("return location.search + document.cookie")
        #expect(search as? String == "")
      }
    }
  }

  @Test func picksABookAndFlipsACard() async throws {
    try await TestLibrary.with { library in
      try await WebDriver.with { browser in
        try await browser.openBook(of: library)
        let word = library.words[0]
        #expect(try await browser.waitForCard(word.id.rawValue, "data-face", "front"))
        #expect(try await browser.waitForCard(word.id.rawValue, "data-state", "not-studied"))
        try await browser.click("[data-word-id='\(word.id)']")
        #expect(try await browser.waitForCard(word.id.rawValue, "data-face", "back"))
        try await browser.click("[data-word-id='\(word.id)']")
        #expect(try await browser.waitForCard(word.id.rawValue, "data-face", "front"))
      }
    }
  }

  @Test func swipesMarkSuccessAndFailAndUndoTakesThemBack() async throws {
    try await TestLibrary.with { library in
      try await WebDriver.with { browser in
        try await browser.openBook(of: library)
        let (right, left) = (library.words[0].id, library.words[1].id)
        try await browser.swipe("[data-word-id='\(right)']", dx: 160)
        #expect(try await browser.waitForCard(right.rawValue, "data-state", "known"))
        try await browser.swipe("[data-word-id='\(left)']", dx: -160)
        #expect(try await browser.waitForCard(left.rawValue, "data-state", "not-known"))
        let saved = try await WebTestEnvironment.waitUntil {
          let words = try await library.service.fetchWords(in: library.book.id)
          return words.first { $0.id == right }?.studyState == .success
            && words.first { $0.id == left }?.studyState == .fail
        }
        #expect(saved)
        try await browser.click("#undo")
        #expect(try await browser.waitForCard(left.rawValue, "data-state", "not-studied"))
        #expect(try await browser.waitForCard(right.rawValue, "data-state", "known"))
      }
    }
  }

  @Test func keysWorkLikeTheTerminals() async throws {
    try await TestLibrary.with { library in
      try await WebDriver.with(width: 1280, height: 900) { browser in
        try await browser.openBook(of: library)
        let first = library.words[0].id.rawValue
        try await browser.press(" ")
        #expect(try await browser.waitForCard(first, "data-face", "back"))
        try await browser.press("\u{E014}")
        #expect(try await browser.waitForCard(first, "data-state", "known"))
        try await browser.press("h")
        #expect(
          try await browser.waitForCard(library.words[1].id.rawValue, "data-state", "not-known"))
        // The keys of the one table the terminal has too: End and Home, `j` and `k`.
        let current =
          "return document.querySelector('.card.current')?.dataset.wordId === arguments[0]"
        for (key, word) in [("\u{E010}", 11), ("k", 10), ("\u{E011}", 0), ("j", 1)] {
          try await browser.press(key)
          #expect(
            try await browser.waitFor(current, [String(library.words[word].id.rawValue)]), "\(key)")
        }
        let listed = try await browser.text("#keys") ?? ""
        #expect(listed.contains("PgUp, PgDn") && listed.contains("Home, End, g, G"))
      }
    }
  }

  @Test func shuffleKeepsTheColoursAndTurnsCardsToTheFront() async throws {
    try await TestLibrary.with { library in
      try await WebDriver.with { browser in
        try await browser.openBook(of: library)
        let marked = library.words[2].id
        let turned = library.words[3].id
        try await browser.swipe("[data-word-id='\(marked)']", dx: 160)
        #expect(try await browser.waitForCard(marked.rawValue, "data-state", "known"))
        try await browser.click("[data-word-id='\(turned)']")
        #expect(try await browser.waitForCard(turned.rawValue, "data-face", "back"))
        let before = try await browser.shownOrder()
        try await browser.click("#shuffle")
        #expect(try await WebTestEnvironment.waitUntil { try await browser.shownOrder() != before })
        #expect(try await browser.waitForCard(marked.rawValue, "data-state", "known"))
        #expect(try await browser.waitForCard(turned.rawValue, "data-face", "front"))
        #expect(Set(try await browser.shownOrder()) == Set(before))
      }
    }
  }

  @Test func addsAWordAndShowsTheSavingState() async throws {
    try await TestLibrary.with { library in
      try await WebDriver.with { browser in
        try await browser.openBook(of: library)
        try await browser.type("새 단어", into: "#term")
        try await browser.type("a new word", into: "#meaning")
        try await browser.click("#save")
        #expect(
          try await browser.waitFor(
            "return Array.from(document.querySelectorAll('#cards .term'))"
              + ".some(term => term.textContent === '새 단어')"))
        #expect(try await browser.waitFor("return document.getElementById('term').value === ''"))
        #expect(
          try await browser.waitFor("return document.getElementById('saving').textContent === ''"))
      }
    }
  }

  @Test func userTextIsShownAsTextNeverAsHTML() async throws {
    let term = #"<img src=x onerror="document.title='pwned'">"#
    try await TestLibrary.with(terms: [term, "<b>bold</b>"]) { library in
      try await WebDriver.with { browser in
        try await browser.openBook(of: library)
        let shown = try await browser.run(
          "return Array.from(document.querySelectorAll('#cards .term')).map(t => t.textContent)")
        #expect(shown as? [String] == [term, "<b>bold</b>"])
        let elements = try await browser.run(
          "return document.querySelectorAll('#cards img, #cards b').length + document.title")
        #expect(elements as? String == "0Wordbook")
      }
    }
  }

  @Test func aMeaningKeepsItsLinesAsTextAndHangulFontsComeBeforeTheGenericOne() async throws {
    let meaning = "• to eat\n• <b>to drink</b>\n1. to take"
    try await TestLibrary.with(drafts: [WordDraft(term: "먹다", meaning: meaning)]) { library in
      try await WebDriver.with { browser in
        try await browser.openBook(of: library)
        let word = try #require(library.words.first)
        try await browser.click("[data-word-id='\(word.id)']")
        #expect(try await browser.waitForCard(word.id.rawValue, "data-face", "back"))
        let shown = try await browser.run(
          "return document.querySelector(`[data-word-id='${arguments[0]}'] .meaning`).innerText",
          [word.id.rawValue])
        #expect(shown as? String == meaning)
        #expect(
          try await browser.run("return document.querySelectorAll('#cards b').length") as? Int == 0)
        let fonts = try #require(
          try await browser.run("return getComputedStyle(document.body).fontFamily") as? String)
        let generic = try #require(fonts.range(of: "sans-serif"))
        for font in ["Noto Sans KR", "Apple SD Gothic Neo", "Malgun Gothic", "NanumGothic"] {
          let named = try #require(fonts.range(of: font), "\(fonts)")
          #expect(named.lowerBound < generic.lowerBound, "\(fonts)")
        }
      }
    }
  }

  @Test func aCrossOriginPostIsRefused() async throws {
    try await TestLibrary.with { library in
      try await WebDriver.with { browser in
        try await browser.openBook(of: library)
        let before = try await browser.shownOrder()
        // localhost is another origin (and site) than 127.0.0.1, as an attacker's page would be.
        let answer = try await browser.run(
          """
          return fetch(`http://localhost:${arguments[0]}${arguments[1]}actions?session=x`, {
            method: 'POST', credentials: 'include',
            headers: {'Content-Type': 'application/json'}, body: '{"kind":"shuffle"}'
          }).then(response => 'answered ' + response.status, () => 'refused')
          """, [library.server.port, library.home])
        #expect(answer as? String == "refused")
        try await browser.click("[data-word-id='\(library.words[0].id)']")
        #expect(try await browser.waitForCard(library.words[0].id.rawValue, "data-face", "back"))
        #expect(try await browser.shownOrder() == before)
      }
    }
  }

  @Test func twoPagesOnOneDatabaseKeepTheirOwnOrder() async throws {
    try await TestLibrary.with { library in
      try await WebDriver.with { browser in
        let first = try await browser.currentWindow()
        try await browser.openBook(of: library)
        let original = try await browser.shownOrder()
        let second = try await browser.newWindow()
        try await browser.switchTo(second)
        try await browser.openBook(of: library)
        #expect(library.server.sessionCount == 2)
        try await browser.switchTo(first)
        try await browser.click("#shuffle")
        #expect(
          try await WebTestEnvironment.waitUntil { try await browser.shownOrder() != original })
        try await browser.switchTo(second)
        // A flip answered in the second page shows that it has heard everything sent before.
        try await browser.click("[data-word-id='\(original[0])']")
        #expect(try await browser.waitForCard(Int64(original[0]), "data-face", "back"))
        #expect(try await browser.shownOrder() == original)
      }
    }
  }

  @Test func refusesMorePagesThanTheLimit() async throws {
    try await TestLibrary.with(limits: .init(sessions: 1)) { library in
      try await WebDriver.with { browser in
        try await browser.openBook(of: library)
        let refused = try await PlainHTTP.send(
          "GET", library.base + "/events", headers: ["Cookie": library.cookie])
        #expect(refused.status == 503)
        #expect(refused.body.contains("Too many pages"))
      }
    }
  }
}
