import Foundation
import Testing
import Wordbook
import WordbookTestSupport

/// Pages hear what other pages and other processes change, without a reload and without
/// losing their own order or turned cards.
@Suite(
  .serialized,
  .enabled(
    if: WebTestEnvironment.hasLibrary && WebTestEnvironment.browser != nil,
    WebTestEnvironment.browserReason))
@MainActor
struct LivePageTests {
  @Test func aMarkInOnePageShowsInAnotherWithoutAReload() async throws {
    try await TestLibrary.with { library in
      try await WebDriver.with { browser in
        let first = try await browser.currentWindow()
        try await browser.openBook(of: library)
        let second = try await browser.newWindow()
        try await browser.switchTo(second)
        try await browser.openBook(of: library)
        let turned = library.words[3].id
        try await browser.click("[data-word-id='\(turned)']")
        #expect(try await browser.waitForCard(turned.rawValue, "data-face", "back"))
        let order = try await browser.shownOrder()
        try await browser.switchTo(first)
        try await browser.click("#shuffle")
        let marked = library.words[0].id
        try await browser.swipe("[data-word-id='\(marked)']", dx: 160)
        #expect(try await browser.waitForCard(marked.rawValue, "data-state", "known"))
        try await browser.switchTo(second)
        // A bounded wait, not a timed assertion: the suite shares a busy machine, and the feed's
        // latency (a 200 ms poll) is a figure for measurement, not for a unit test.
        #expect(try await browser.waitForCard(marked.rawValue, "data-state", "known"))
        #expect(try await browser.shownOrder() == order)
        #expect(try await browser.waitForCard(turned.rawValue, "data-face", "back"))
      }
    }
  }

  @Test func aWordAddedByAnotherProcessShowsWithoutAReload() async throws {
    try await TestLibrary.with { library in
      try await WebDriver.with { browser in
        try await browser.openBook(of: library)
        let order = try await browser.shownOrder()
        let add = try await SpawnedCommand.run([
          ServeProcess.executable.path, "--db",
          library.folder.appendingPathComponent("words.sqlite").path, "add", library.book.title,
          "live term", "live meaning",
        ])
        #expect(add.status == 0, "\(add.error)")
        let shown = try await browser.waitFor(
          "return Array.from(document.querySelectorAll('#cards [data-word-id]'))"
            + ".some(card => card.textContent.includes('live term'))")
        #expect(shown)
        #expect(try await browser.shownOrder().dropLast() == order[...])
      }
    }
  }
}
