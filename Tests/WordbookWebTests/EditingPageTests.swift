import Foundation
import Testing
import Wordbook
import WordbookTestSupport

/// Editing, deleting, searching and reversing the cards in a real headless Chromium, with
/// the database checked through the service.
@Suite(
  .serialized,
  .enabled(
    if: WebTestEnvironment.hasLibrary && WebTestEnvironment.browser != nil,
    WebTestEnvironment.browserReason))
@MainActor
struct EditingPageTests {
  @Test(.enabled(if: DatabaseLock.isAvailable, "needs the sqlite3 shell"))
  func editsAWordShowingTheSaveUntilTheDatabaseHasIt() async throws {
    try await TestLibrary.with { library in
      try await WebDriver.with { browser in
        try await browser.openBook(of: library)
        let word = library.words[0]
        try await browser.click("[data-word-id='\(word.id)'] .edit")
        #expect(try await browser.isOpen(dialog: "editor"))
        let filled = try await browser.run(
          "return [document.getElementById('edit-term').value,"
            + " document.getElementById('edit-meaning').value]")
        #expect(filled as? [String] == [word.term, word.meaning])
        // Another connection holds the write lock, so the save waits and shows that it does.
        let lock = try DatabaseLock(
          path: library.folder.appendingPathComponent("words.sqlite").path)
        try await browser.clear("#edit-term")
        try await browser.type("고친 단어", into: "#edit-term")
        try await browser.clear("#edit-meaning")
        try await browser.type("an edited word", into: "#edit-meaning")
        try await browser.click("#edit-save")
        #expect(
          try await browser.waitFor(
            "return document.getElementById('edit-saving').textContent === 'Saving…'"))
        #expect(
          try await browser.run("return document.getElementById('edit-save').disabled") as? Bool
            == true)
        #expect(try await browser.shownText(ofCard: word.id.rawValue) == word.term)
        try await lock.release()
        #expect(try await browser.waitFor("return !document.getElementById('editor').open"))
        #expect(
          try await browser.waitFor(
            "return document.querySelector(`[data-word-id='${arguments[0]}'] .term`).textContent"
              + " === '고친 단어'", [word.id.rawValue]))
        let saved = try await library.service.fetchWords(in: library.book.id)
        #expect(
          saved.first { $0.id == word.id }.map { [$0.term, $0.meaning] }
            == ["고친 단어", "an edited word"])
        #expect(
          try await browser.run("return document.getElementById('saving').textContent") as? String
            == "")
      }
    }
  }

  @Test func aRefusedEditKeepsTheDialogOpenWithTheReason() async throws {
    try await TestLibrary.with { library in
      try await WebDriver.with { browser in
        try await browser.openBook(of: library)
        let word = library.words[1]
        try await browser.click("[data-word-id='\(word.id)'] .edit")
        try await browser.clear("#edit-term")
        // Spaces pass the field's `required` and reach the store, which refuses a blank term.
        try await browser.type("   ", into: "#edit-term")
        try await browser.click("#edit-save")
        #expect(
          try await browser.waitFor(
            "return document.getElementById('edit-error').textContent.includes('term')"))
        #expect(try await browser.isOpen(dialog: "editor"))
        try await browser.click("#edit-cancel")
        #expect(try await browser.waitFor("return !document.getElementById('editor').open"))
        let saved = try await library.service.fetchWords(in: library.book.id)
        #expect(saved.first { $0.id == word.id }?.term == word.term)
      }
    }
  }

  @Test func deletesAWordOnlyOnceConfirmed() async throws {
    try await TestLibrary.with { library in
      try await WebDriver.with { browser in
        try await browser.openBook(of: library)
        let word = library.words[1]
        try await browser.click("[data-word-id='\(word.id)'] .delete")
        #expect(try await browser.isOpen(dialog: "confirm-delete"))
        let question = try await browser.run(
          "return document.getElementById('delete-question').textContent")
        #expect((question as? String)?.contains("“\(word.term)”") == true)
        try await browser.click("#delete-cancel")
        #expect(try await browser.waitFor("return !document.getElementById('confirm-delete').open"))
        #expect(try await browser.shownOrder().contains(Int(word.id.rawValue)))
        try await browser.click("[data-word-id='\(word.id)'] .delete")
        try await browser.click("#delete-confirm")
        #expect(
          try await WebTestEnvironment.waitUntil {
            try await !browser.shownOrder().contains(Int(word.id.rawValue))
          })
        #expect(try await browser.shownOrder().count == library.words.count - 1)
        let saved = try await library.service.fetchWords(in: library.book.id)
        #expect(saved.map(\.id) == library.words.map(\.id).filter { $0 != word.id })
      }
    }
  }

  @Test func searchShowsTheMatchingCardsAndClearingItShowsAll() async throws {
    try await TestLibrary.with { library in
      try await WebDriver.with { browser in
        try await browser.openBook(of: library)
        let all = try await browser.shownOrder()
        try await browser.type("term 1", into: "#search")
        let matching = library.words.filter { $0.term.hasPrefix("term 1") }.map {
          Int($0.id.rawValue)
        }
        #expect(matching.count == 4)
        #expect(
          try await WebTestEnvironment.waitUntil { try await browser.shownOrder() == matching })
        // Ctrl+A, then Backspace: the learner empties the box.
        try await browser.type("\u{E009}a\u{E000}\u{E003}", into: "#search")
        #expect(try await WebTestEnvironment.waitUntil { try await browser.shownOrder() == all })
      }
    }
  }

  @Test func reverseShowsTheMeaningFirst() async throws {
    try await TestLibrary.with { library in
      try await WebDriver.with { browser in
        try await browser.openBook(of: library)
        let word = library.words[0]
        #expect(try await browser.shownText(ofCard: word.id.rawValue) == word.term)
        try await browser.click("#reverse")
        #expect(
          try await browser.waitFor(
            "return document.getElementById('reverse').getAttribute('aria-pressed') === 'true'"))
        #expect(
          try await WebTestEnvironment.waitUntil {
            try await browser.shownText(ofCard: word.id.rawValue) == word.meaning
          })
        try await browser.click("[data-word-id='\(word.id)']")
        #expect(try await browser.waitForCard(word.id.rawValue, "data-face", "back"))
        let back = try await browser.shownText(ofCard: word.id.rawValue)
        #expect(back?.split(separator: "\n").map(String.init) == [word.meaning, word.term])
        try await browser.click("#reverse")
        #expect(try await browser.waitForCard(word.id.rawValue, "data-face", "front"))
        #expect(
          try await WebTestEnvironment.waitUntil {
            try await browser.shownText(ofCard: word.id.rawValue) == word.term
          })
      }
    }
  }

  @Test func keysEditDeleteSearchAndReverseButNotWhileTyping() async throws {
    try await TestLibrary.with { library in
      try await WebDriver.with(width: 1280, height: 900) { browser in
        try await browser.openBook(of: library)
        let isReversed = "return document.getElementById('reverse').ariaPressed === 'true'"
        try await browser.press("v")
        #expect(try await browser.waitFor(isReversed))
        try await browser.press("/")
        #expect(try await browser.run("return document.activeElement.id") as? String == "search")
        for key in ["e", "v", "d"] { try await browser.press(key) }
        #expect(
          try await browser.run("return document.getElementById('search').value") as? String
            == "evd")
        #expect(try await !browser.isOpen(dialog: "editor"))
        #expect(try await !browser.isOpen(dialog: "confirm-delete"))
        #expect(try await browser.run(isReversed) as? Bool == true)
        try await browser.press("\u{E007}")
        #expect(try await WebTestEnvironment.waitUntil { try await browser.shownOrder().isEmpty })
        try await browser.press("\u{E00C}")
        #expect(
          try await WebTestEnvironment.waitUntil {
            try await browser.shownOrder().count == library.words.count
          })
        let first = library.words[0]
        try await browser.press("e")
        #expect(try await browser.isOpen(dialog: "editor"))
        #expect(
          try await browser.run("return document.getElementById('edit-term').value") as? String
            == first.term)
        try await browser.press("\u{E00C}")
        #expect(try await browser.waitFor("return !document.getElementById('editor').open"))
        try await browser.press("d")
        #expect(try await browser.isOpen(dialog: "confirm-delete"))
        try await browser.press("y")
        #expect(
          try await WebTestEnvironment.waitUntil {
            try await !browser.shownOrder().contains(Int(first.id.rawValue))
          })
      }
    }
  }

  @Test func undoKeysWithNothingToUndoAndEscapeInTheSearchBoxAndNInTheDeleteQuestion()
    async throws
  {
    try await TestLibrary.with { library in
      try await WebDriver.with(width: 1280, height: 900) { browser in
        try await browser.openBook(of: library)
        // Nothing to undo or redo: the keys do what the greyed-out buttons do, and no error
        // reaches the status of the next action.
        for key in ["u", "r", "v"] { try await browser.press(key) }
        #expect(
          try await browser.waitFor(
            "return document.getElementById('reverse').getAttribute('aria-pressed') === 'true'"))
        #expect(
          try await browser.run("return document.getElementById('error-text').textContent")
            as? String == "")
        try await browser.press("/")
        for key in ["t", "e", "r", "m", " ", "1"] { try await browser.press(key) }
        #expect(
          try await WebTestEnvironment.waitUntil {
            try await browser.shownOrder().count < library.words.count
          })
        try await browser.press("\u{E00C}")
        #expect(
          try await WebTestEnvironment.waitUntil {
            try await browser.shownOrder().count == library.words.count
          })
        #expect(
          try await browser.run("return document.getElementById('search').value") as? String
            == "")
        #expect(try await browser.run("return document.activeElement.id") as? String != "search")
        try await browser.press("e")
        #expect(try await browser.isOpen(dialog: "editor"))
        try await browser.press("\u{E00C}")
        #expect(try await browser.waitFor("return !document.getElementById('editor').open"))
        try await browser.press("d")
        #expect(try await browser.isOpen(dialog: "confirm-delete"))
        try await browser.press("n")
        #expect(try await browser.waitFor("return !document.getElementById('confirm-delete').open"))
        #expect(try await browser.shownOrder().count == library.words.count)
        let saved = try await library.service.fetchWords(in: library.book.id)
        #expect(saved.count == library.words.count)
      }
    }
  }

  @Test func koreanPagesWordTheNewControlsAndThePagesOwnErrors() async throws {
    try await TestLibrary.with { library in
      try await WebDriver.with(language: "ko-KR") { browser in
        try await browser.openBook(of: library)
        let texts = try await browser.run(
          """
          const text = (selector) => document.querySelector(selector).textContent;
          return [document.documentElement.lang, text('#reverse'),
            document.getElementById('search').placeholder, text('#cards .edit'),
            text('#cards .delete'), text('#editor-title'), text('#edit-cancel'),
            text('#delete-title'), text('#delete-confirm')]
          """)
        #expect(
          texts as? [String] == [
            "ko", "뜻 먼저", "단어나 뜻으로 찾기", "고치기", "지우기", "단어 고치기", "취소", "단어 지우기", "지우기",
          ])
        await library.server.stop()
        try await browser.click("#shuffle")
        #expect(
          try await browser.waitFor(
            "return document.getElementById('error-text').textContent.startsWith('서버에 연결할 수 없습니다')")
        )
        #expect(
          try await browser.waitFor(
            "return /연결|서버/.test(document.getElementById('connection').textContent)"))
      }
    }
  }

  @Test func aPageTheServerRefusesSaysSoInKorean() async throws {
    try await TestLibrary.with(limits: .init(sessions: 1)) { library in
      try await WebDriver.with(language: "ko-KR") { browser in
        try await browser.openBook(of: library)
        try await browser.switchTo(try await browser.newWindow())
        try await browser.open(library.server.url)
        #expect(
          try await browser.waitFor(
            "return document.getElementById('connection').textContent"
              + ".startsWith('서버가 이 페이지를 열지 않았습니다.')"))
      }
    }
  }
}
