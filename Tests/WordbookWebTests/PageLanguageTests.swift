import Testing

/// The page's language follows the browser's Accept-Language.
@Suite(.enabled(if: WebTestEnvironment.hasLibrary, WebTestEnvironment.libraryReason))
@MainActor
struct LanguageTests {
  @Test(arguments: [
    ("ko-KR,ko;q=0.9,en-US;q=0.8", "ko"),
    ("en-US,en;q=0.9,ko;q=0.8", "en"),
    ("fr-FR, ko;q=0.5, en;q=0.4", "ko"),
    ("fr-FR", "en"),
    ("", "en"),
  ])
  func followsAcceptLanguage(header: String, language: String) async throws {
    try await TestLibrary.with(terms: []) { library in
      let page = try await PlainHTTP.send(
        "GET", library.base + "/", headers: ["Cookie": library.cookie, "Accept-Language": header])
      #expect(page.body.contains("<html lang=\"\(language)\">"))
    }
  }
}
