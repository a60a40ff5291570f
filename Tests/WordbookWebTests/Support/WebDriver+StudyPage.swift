import Foundation
import Testing
import Wordbook
import WordbookTestSupport

extension WebDriver {
  /// Runs `body` with a fresh browser in one of the ``ProcessSlots/browsers``, quitting it
  /// afterwards whatever happens.
  static func with(
    width: Int = 360, height: Int = 800, language: String = "en-US", touch: Bool = false,
    _ body: (WebDriver) async throws -> Void
  ) async throws {
    let slot = await ProcessSlots.browsers.take()
    defer { withExtendedLifetime(slot) {} }
    let driver = try await WebDriver(
      width: width, height: height, language: language, touch: touch)
    do {
      try await body(driver)
    } catch {
      await driver.quit()
      throw error
    }
    await driver.quit()
  }

  /// Opens the page with the token, picks the library's book and waits for its cards.
  func openBook(of library: TestLibrary) async throws {
    try await open(library.server.url)
    #expect(try await waitFor("return document.querySelector('[data-book-id]') !== null"))
    let book = "[data-book-id='\(library.book.id)']"
    do {
      try await click(book)
    } catch  where "\(error)".contains("element not interactable") {
      // The page reopened the book studied last, in another page perhaps, and folded the
      // picker to its title, which opens the list again.
      try await click("#open-book")
      try await click(book)
    }
    #expect(
      try await waitFor(
        "return document.querySelectorAll('#cards [data-word-id]').length === arguments[0]",
        [min(library.words.count, 20)]))
  }

  /// Opens the page with the token and taps the library's book, as a phone's learner does, and
  /// waits at most `patience` for the focused view's first card.
  func tapOpenBook(of library: TestLibrary, patience: Duration) async throws {
    try await tapOpenBook(
      library.book.id, at: library.server.url, showing: "Card 1 of \(library.words.count)",
      patience: patience)
  }

  /// Opens `url` and taps the book `id`, as a phone's learner does, and waits at most
  /// `patience` for the focused view's position to read `position` ("Card 1 of 3").
  func tapOpenBook(
    _ id: WordBook.ID, at url: String, showing position: String, patience: Duration
  ) async throws {
    try await open(url)
    #expect(
      try await waitFor(
        "return document.querySelector('[data-book-id]') !== null", timeout: patience))
    try await tap("[data-book-id='\(id)']")
    #expect(
      try await waitFor(
        "return document.getElementById('focus-position').textContent === arguments[0]",
        [position], timeout: patience))
  }

  /// Taps the study control `selector` in a phone's focused view, opening the menu that folds
  /// it first when the menu is closed; the menu stays open.
  func tapInMenu(_ selector: String) async throws {
    let expanded = try await run("return document.getElementById('menu').ariaExpanded")
    if expanded as? String != "true" { try await tap("#menu") }
    try await tap(selector)
  }

  /// The text the card of `wordID` shows, without its hidden side and its buttons.
  func shownText(ofCard wordID: Int64) async throws -> String? {
    try await run(
      "return document.querySelector(`[data-word-id='${arguments[0]}'] .text`)?.innerText ?? null",
      [wordID]) as? String
  }

  /// The top, the bottom and the height of the first element `selector` matches, in whole CSS
  /// pixels from the top of the window, as `getBoundingClientRect()` measures them.
  func verticalBox(of selector: String) async throws -> (top: Int, bottom: Int, height: Int) {
    let box = try await run(
      "const box = document.querySelector(arguments[0]).getBoundingClientRect();"
        + "return [box.top, box.bottom, box.height].map(Math.round)", [selector])
    let values = try #require(box as? [Int])
    try #require(values.count == 3)
    return (values[0], values[1], values[2])
  }

  /// Whether the dialog `id` is open.
  func isOpen(dialog id: String) async throws -> Bool {
    try await run("return document.getElementById(arguments[0]).open", [id]) as? Bool == true
  }

  /// The word IDs of the cards shown, in order.
  func shownOrder() async throws -> [Int] {
    let value = try await run(
      "return Array.from(document.querySelectorAll('#cards [data-word-id]'))"
        + ".map(card => Number(card.dataset.wordId))")
    return try #require(value as? [Int])
  }

  /// Waits until the card of `wordID` has `attribute` (such as `data-state`) equal to `value`.
  func waitForCard(_ wordID: Int64, _ attribute: String, _ value: String) async throws -> Bool {
    try await waitFor(
      "const card = document.querySelector(`[data-word-id='${arguments[0]}']`);"
        + "return card !== null && card.getAttribute(arguments[1]) === arguments[2]",
      [wordID, attribute, value])
  }
}
