import Foundation
import Testing
import Wordbook

/// The page as an app a phone installs: Chromium at 390×844 finds its manifest and a service
/// worker, and opens it again with the server stopped, showing the round it had.
@Suite(
  .enabled(
    if: WebTestEnvironment.hasLibrary && WebTestEnvironment.browser != nil,
    WebTestEnvironment.browserReason))
@MainActor
struct InstallablePageTests {
  static let patience = Duration.seconds(90)

  @Test func thePageIsInstallableAndOpensWithoutTheServer() async throws {
    let drafts = ["물", "불", "산"].map { WordDraft(term: $0, meaning: "meaning of \($0)") }
    try await TestLibrary.with(title: "Korean nouns", drafts: drafts) { library in
      try await WebDriver.with(width: 390, height: 844, touch: true) { browser in
        try await browser.tapOpenBook(of: library, patience: Self.patience)
        try await browser.tap("#knew")
        #expect(try await browser.waitFor(Self.shows("Card 2 of 3"), timeout: Self.patience))

        // The manifest, as the browser reads it from the page's link.
        let manifest = try #require(
          try await browser.run(
            """
            const link = document.querySelector('link[rel=manifest]');
            return fetch(link.href, { credentials: 'include' }).then((r) => r.json())
              .then((m) => [m.name, m.short_name, m.display, new URL(m.start_url, link.href).href,
                m.icons.map((icon) => icon.sizes).join(' ')]);
            """) as? [Any])
        #expect(manifest.count == 5)
        #expect(manifest.first as? String == "Wordbook")
        #expect(manifest[2] as? String == "standalone")
        #expect(manifest[3] as? String == library.base + "/")
        #expect(manifest[4] as? String == "192x192 512x512")
        #expect(
          try await browser.run(
            "return fetch('icon-512.png').then((r) => r.headers.get('content-type'))")
            as? String == "image/png")
        // A service worker controls the page once it has kept the page's files.
        #expect(
          try await browser.waitFor(
            "return navigator.serviceWorker.controller?.scriptURL.endsWith('/sw.js') === true",
            timeout: Self.patience))

        await library.server.stop()
        try await browser.open(library.base + "/")
        #expect(
          try await browser.waitFor(
            "return document.getElementById('connection').textContent.startsWith('Offline')",
            timeout: Self.patience))
        #expect(try await browser.waitFor(Self.shows("Card 2 of 3"), timeout: Self.patience))
        #expect(
          try await browser.run("return document.querySelector('#focus-card .term').textContent")
            as? String == "불")
      }
    }
  }

  private static func shows(_ position: String) -> String {
    "return document.getElementById('focus-position')?.textContent === '\(position)'"
  }

  /// What the page keeps for opening without the server is the learner's words: signing out
  /// leaves none of it in the browser.
  @Test func signingOutLeavesNothingKept() async throws {
    try await SignInServer.with { server in
      try await WebDriver.with { browser in
        try await browser.open(server.origin + "/login")
        try await browser.type("mina", into: "#name")
        try await browser.type("correct horse", into: "#password")
        try await browser.click("#sign-in-button")
        let kept =
          "return Object.keys(localStorage).some((key) => key.startsWith('wordbook.kept:'))"
        #expect(try await browser.waitFor(kept, timeout: Self.patience))
        try await browser.click("#sign-out")
        #expect(
          try await browser.waitFor(
            "return location.pathname === '/login'", timeout: Self.patience))
        #expect(try await browser.run(kept) as? Bool == false)
      }
    }
  }
}
