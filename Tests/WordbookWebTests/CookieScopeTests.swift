import Foundation
import Testing
import Wordbook

/// Cookies ignore ports: a cookie for 127.0.0.1 goes to every server on 127.0.0.1 whose paths
/// its Path covers. Neither the token's cookie nor the sign-in's may reach another program's
/// server.
@Suite(
  .serialized,
  .enabled(
    if: WebTestEnvironment.hasLibrary && WebTestEnvironment.browser != nil,
    WebTestEnvironment.browserReason))
@MainActor
struct CookieScopeTests {
  @Test func theTokenNeverReachesAnotherPortsServer() async throws {
    let other = try OtherServer()
    defer { other.stop() }
    try await TestLibrary.with { library in
      try await WebDriver.with { browser in
        try await browser.openBook(of: library)
        // The learner, or a page the learner opens, visits another local server: its root,
        // and the paths Wordbook's page uses.
        for path in ["/", "/events", "/cards?session=x", "/app.js"] {
          try await browser.open("http://127.0.0.1:\(other.port)\(path)")
        }
        #expect(other.heads.count >= 4)
        for head in other.heads {
          #expect(!head.contains(library.token), "\(head)")
          #expect(!head.contains("wordbook_token"), "\(head)")
        }
        // The page still works with its cookie.
        try await browser.open(library.base + "/")
        #expect(
          try await browser.waitFor("return document.querySelector('[data-book-id]') !== null"))
      }
    }
  }

  @Test func theSignInNeverReachesAnotherPortsServer() async throws {
    let other = try OtherServer()
    defer { other.stop() }
    try await SignInServer.with { server in
      try await WebDriver.with { browser in
        try await browser.open(server.origin + "/login")
        try await browser.type("mina", into: "#name")
        try await browser.type("correct horse", into: "#password")
        try await browser.click("#sign-in-button")
        let signedIn =
          "return document.getElementById('signed-in-as')?.textContent.includes('mina') === true"
        #expect(try await browser.waitFor(signedIn, timeout: .seconds(60)))
        let page = try #require(try await browser.run("return location.href") as? String)
        // The learner, or a page the learner opens, visits another local server: its root,
        // and the paths Wordbook's pages use.
        for path in ["/", "/login", "/events", "/logout", "/app.js"] {
          try await browser.open("http://127.0.0.1:\(other.port)\(path)")
        }
        #expect(other.heads.count >= 5)
        for head in other.heads {
          #expect(!head.contains("wordbook_sign_in"), "\(head)")
        }
        // The page's own address still opens it, signed in.
        try await browser.open(page)
        #expect(try await browser.waitFor(signedIn, timeout: .seconds(60)))
      }
    }
  }
}
