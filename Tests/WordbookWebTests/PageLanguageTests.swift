import Foundation
import Testing
import Wordbook

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

  /// The server puts the page's texts in the page, in its language; every text the page's
  /// files name is there in both languages, with the same values (`{name}`) in each.
  @Test func thePageCarriesEveryTextItsFilesName() async throws {
    try await TestLibrary.with(terms: []) { library in
      var pages: [String: String] = [:]
      var tables: [String: [String: String]] = [:]
      for language in ["en", "ko"] {
        let page = try await PlainHTTP.send(
          "GET", library.base + "/",
          headers: ["Cookie": library.cookie, "Accept-Language": language])
        let json = try #require(page.body.firstMatch(of: /id="texts">([^<]*)<\/script>/)?.output.1)
        pages[language] = page.body
        tables[language] = try JSONDecoder().decode([String: String].self, from: Data(json.utf8))
      }
      let english = try #require(tables["en"])
      let korean = try #require(tables["ko"])
      #expect(english["title"] == "Wordbook" && korean["title"] == "단어장")
      #expect(english.keys.sorted() == korean.keys.sorted())
      // What the terminal's study screen says too is worded once, in the domain.
      #expect(english["modeFailedOnly"] == StudyScreenText.modeFailedOnly.template(in: .english))
      #expect(korean["booksFailed"] == StudyScreenText.booksFailed.template(in: .korean))
      #expect(korean["tally"] == "외움 {success} · 모름 {fail} · 안 봄 {notStudied}")
      for (name, text) in english {
        #expect(Self.values(in: text) == Self.values(in: korean[name] ?? ""), "\(name)")
      }

      let page = try #require(pages["en"])
      var named = Set(
        page.matches(of: /data-(?:text|placeholder|label)="(\w+)"/).map { String($0.output.1) })
      let texts = try await PlainHTTP.send(
        "GET", library.base + "/texts.js", headers: ["Cookie": library.cookie]
      ).body
      let formatted = Set(texts.matches(of: /\n  (\w+): \(/).map { String($0.output.1) })
      for file in [
        "/app.js", "/answer.js", "/books.js", "/editor.js", "/focus.js", "/menu.js",
        "/offline.js", "/outbox.js", "/speech.js", "/texts.js",
      ] {
        let script = try await PlainHTTP.send(
          "GET", library.base + file, headers: ["Cookie": library.cookie]
        ).body
        for match in script.matches(of: /(?:^|[^\w.])(?:t|table)\.(\w+)/) {
          named.insert(String(match.output.1))
        }
      }
      #expect(formatted.contains("roundLeft") && named.contains("tally"))
      #expect(named.subtracting(formatted).subtracting(english.keys).sorted() == [])
    }
  }

  /// The names of the values a text fills in, as `{name}`.
  private static func values(in text: String) -> Set<String> {
    Set(text.matches(of: /\{(\w+)\}/).map { String($0.output.1) })
  }
}
