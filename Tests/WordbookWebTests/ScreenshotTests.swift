import Foundation
import Testing
import Wordbook

/// The page guide's screenshots (`docs/Page.md`) of the study page on a phone and on a desktop, taken in a real
/// headless Chromium over the sample wordbook with a few cards marked and one turned.
///
/// Every run takes them and checks them; with `WORDBOOK_SCREENSHOTS` set to a folder, the run
/// also writes them there as `study-phone.png` and `study-desktop.png` (the guide names the
/// command).
@Suite(
  .serialized,
  .enabled(
    if: WebTestEnvironment.hasLibrary && WebTestEnvironment.browser != nil,
    WebTestEnvironment.browserReason))
@MainActor
struct ScreenshotTests {
  /// A window size and the file its screenshot goes to.
  struct Layout: Sendable, CustomTestStringConvertible {
    var name: String
    var width: Int
    var height: Int
    var testDescription: String { "\(name) \(width)×\(height)" }

    static let phone = Layout(name: "study-phone", width: 360, height: 740)
    static let desktop = Layout(name: "study-desktop", width: 1280, height: 800)
  }

  @Test(arguments: [Layout.phone, .desktop])
  func theStudyPage(in layout: Layout) async throws {
    try await TestLibrary.with(title: SampleWordbook.title, drafts: SampleWordbook.words) {
      library in
      try await WebDriver.with(width: layout.width, height: layout.height) { browser in
        try await browser.openBook(of: library)
        let words = library.words.map(\.id.rawValue)
        try await browser.swipe("[data-word-id='\(words[0])']", dx: 160)
        try await browser.swipe("[data-word-id='\(words[1])']", dx: -160)
        try await browser.swipe("[data-word-id='\(words[3])']", dx: 160)
        try await browser.click("[data-word-id='\(words[2])']")
        #expect(try await browser.waitForCard(words[0], "data-state", "known"))
        #expect(try await browser.waitForCard(words[1], "data-state", "not-known"))
        #expect(try await browser.waitForCard(words[3], "data-state", "known"))
        #expect(try await browser.waitForCard(words[2], "data-face", "back"))
        #expect(
          try await browser.waitFor(
            "return document.getElementById('tally').textContent === 'Known 2 · Not known 1 · Not studied 9'"
          ))
        try await browser.run("window.scrollTo(0, 0)")
        // No horizontal scrolling at either width.
        #expect(
          try await browser.run(
            "return document.documentElement.scrollWidth <= window.innerWidth") as? Bool == true)
        let image = try await browser.screenshot()
        #expect(
          Self.pngSize(of: image).map { [$0.width, $0.height] } == [layout.width, layout.height])
        if let folder = ProcessInfo.processInfo.environment["WORDBOOK_SCREENSHOTS"] {
          let url = URL(fileURLWithPath: folder).appendingPathComponent("\(layout.name).png")
          try image.write(to: url)
        }
      }
    }
  }

  /// The width and height of a PNG image, or `nil` when `data` does not start as one does: the
  /// signature, then the IHDR chunk.
  static func pngSize(of data: Data) -> (width: Int, height: Int)? {
    let bytes = [UInt8](data)
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard bytes.count > 24, bytes.starts(with: signature),
      bytes[12..<16].elementsEqual(Array("IHDR".utf8))
    else { return nil }
    let number = { (offset: Int) in bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (number(16), number(20))
  }
}
