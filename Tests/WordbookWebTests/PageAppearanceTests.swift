import Foundation
import Testing

/// The page's new controls follow the browser's colour scheme and motion settings and fit a
/// 360-pixel-wide phone.
@Suite(
  .serialized,
  .enabled(
    if: WebTestEnvironment.hasLibrary && WebTestEnvironment.browser != nil,
    WebTestEnvironment.browserReason))
@MainActor
struct PageAppearanceTests {
  /// The dialog's colours, the card's transition, and whether the page scrolls sideways.
  private static let appearance = """
    const dialog = getComputedStyle(document.getElementById('editor'));
    const card = getComputedStyle(document.querySelector('#cards .card'));
    return [dialog.backgroundColor, dialog.color, card.transitionDuration,
      String(document.documentElement.scrollWidth <= window.innerWidth)]
    """

  @Test func theEditorFollowsDarkModeAndReducedMotionAndFitsAPhone() async throws {
    try await TestLibrary.with(terms: [String(repeating: "긴단어", count: 30)]) { library in
      try await WebDriver.with(width: 360, height: 740) { browser in
        try await browser.openBook(of: library)
        try await browser.click("#cards .edit")
        #expect(try await browser.isOpen(dialog: "editor"))
        try await browser.emulateMedia([
          "prefers-color-scheme": "dark", "prefers-reduced-motion": "reduce",
        ])
        let dark = try await browser.run(Self.appearance)
        #expect(dark as? [String] == ["rgb(22, 22, 24)", "rgb(236, 236, 240)", "0s", "true"])
        try await browser.emulateMedia([
          "prefers-color-scheme": "light", "prefers-reduced-motion": "no-preference",
        ])
        let light = try await browser.run(Self.appearance)
        #expect(
          light as? [String] == ["rgb(250, 250, 250)", "rgb(29, 29, 31)", "0.2s, 0.2s", "true"])
      }
    }
  }
}
