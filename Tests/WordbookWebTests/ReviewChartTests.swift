import Foundation
import Testing
import Wordbook
import WordbookWeb

/// `GET /chart`: the open book's review chart, for the page's session only, through the same
/// token check as every other request.
@Suite(.enabled(if: WebTestEnvironment.hasLibrary, WebTestEnvironment.libraryReason))
@MainActor
struct ReviewChartTests {
  @Test func theOpenBooksChartIsAnSVGForTheSessionAndRefusedWithoutTheToken() async throws {
    try await TestLibrary.with(title: "Verbs <&>", drafts: [WordDraft(term: "가다", meaning: "go")]) {
      library in
      try await Self.rateTheFirstWordNow(in: library)
      let page = try await Page(library)
      defer { page.close() }
      let url = library.base + "/chart?session=\(page.session)"

      let noBook = try await PlainHTTP.send("GET", url, headers: ["Cookie": library.cookie])
      #expect(noBook.status == 409)
      #expect(noBook.body.contains("Open a wordbook"))

      try await page.open(library.book.id)
      let chart = try await PlainHTTP.send("GET", url, headers: ["Cookie": library.cookie])
      #expect(chart.status == 200)
      #expect(chart.headers["content-type"] == "image/svg+xml")
      #expect(chart.headers["content-security-policy"]?.contains("default-src 'none'") == true)
      #expect(
        chart.body.contains("<title id=\"chart-title\">Reviews of “Verbs &lt;&amp;&gt;”</title>"))
      #expect(chart.body.contains(": 1 review</title>"))

      let withoutToken = try await PlainHTTP.send("GET", url)
      #expect(withoutToken.status == 403)
      #expect(!withoutToken.body.contains("<svg"))
      let otherSession = try await PlainHTTP.send(
        "GET", library.base + "/chart?session=nope", headers: ["Cookie": library.cookie])
      #expect(otherSession.status == 404)
      let posted = try await PlainHTTP.send("POST", url, headers: library.pageHeaders)
      #expect(posted.status == 405)
    }
  }

  @Test(
    .enabled(if: WebTestEnvironment.browser != nil, WebTestEnvironment.browserReason))
  func thePageShowsTheChartWithItsTitles() async throws {
    try await TestLibrary.with(terms: ["가다"]) { library in
      try await Self.rateTheFirstWordNow(in: library)
      try await WebDriver.with { browser in
        try await browser.openBook(of: library)
        try await browser.click("#show-chart")
        #expect(
          try await browser.waitFor(
            "return [...document.querySelectorAll('#chart svg rect title')]"
              + ".some((title) => title.textContent.endsWith(': 1 review'))"))
        #expect(try await browser.waitFor("return document.querySelector('#error').hidden"))
      }
    }
  }

  /// Rates the library's first word good, now: today's cell of the heatmap counts 1.
  private static func rateTheFirstWordNow(in library: TestLibrary) async throws {
    let now = Timestamp(secondsSince1970: Int64(Date().timeIntervalSince1970))
    _ = try await library.service.recordReview(
      Review(rating: .good, time: now), of: library.words[0].id)
  }
}
