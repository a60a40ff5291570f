import Foundation
import Testing
import Wordbook
import WordbookWeb

/// Ratings from the page over real loopback sockets: each is recorded at the server's time,
/// whatever time the page names; a rating out of 1 to 4 is refused and changes nothing; Due
/// mode's counts reach the page in its status.
@Suite(.enabled(if: WebTestEnvironment.hasLibrary, WebTestEnvironment.libraryReason))
@MainActor
struct PageRatingTests {
  /// Long enough for CI's full suite, where the main actor, which the server needs, is held by
  /// the store suites for minutes; each wait ends as soon as its condition holds.
  static let patience = Duration.seconds(300)

  @Test func aRatingIsRecordedAtTheServersTimeAndABadOneIsRefused() async throws {
    try await TestLibrary.with { library in
      let page = try await Page(library, patience: Self.patience)
      defer { page.close() }
      try await page.open(library.book.id)
      let word = library.words[0].id
      // A page that claims 1970 for its review.
      let sent = Timestamp.now
      #expect(try await page.send(#"{"kind":"rate","id":\#(word),"rating":2,"time":0}"#) == 202)
      let recorded = try await WebTestEnvironment.waitUntil(timeout: Self.patience) {
        try await !library.service.fetchReviews(of: word).isEmpty
      }
      #expect(recorded)
      let reviews = try await library.service.fetchReviews(of: word)
      #expect(reviews.map(\.rating) == [.hard])
      #expect((sent...Timestamp.now).contains(try #require(reviews.first).time))
      #expect(try await page.shownState(of: word) == "success")
      // Ratings are 1 to 4; anything else is not an action.
      for rating in ["0", "5", "\"good\"", "null"] {
        let status = try await page.send(
          #"{"kind":"rate","id":\#(word),"rating":\#(rating),"time":0}"#)
        #expect(status == 400, "rating \(rating)")
      }
      #expect(try await library.service.fetchReviews(of: word).count == 1)
      // Undo removes the review with the mark.
      #expect(try await page.send(#"{"kind":"undo"}"#) == 202)
      let undone = try await WebTestEnvironment.waitUntil(timeout: Self.patience) {
        try await library.service.fetchReviews(of: word).isEmpty
      }
      #expect(undone)
      // Due mode: nothing is due and the day's twenty new words are left (the undone rating
      // gave its word back), which the status says.
      #expect(try await page.send(#"{"kind":"setStudyMode","mode":"due"}"#) == 202)
      let dueShown = try await page.stream.read(timeout: Self.patience) { text in
        let due = Self.lastStatus(in: text)?["due"] as? [String: Any]
        return due?["status"] as? String == "loaded" && due?["count"] as? Int == 0
          && due?["newWords"] as? Int == 20
      }
      #expect(dueShown)
    }
  }

  /// The last status event in a stream's text, as JSON.
  static func lastStatus(in text: String) -> [String: Any]? {
    guard let event = text.components(separatedBy: "event: status\ndata: ").last,
      let line = event.split(separator: "\n").first
    else { return nil }
    return try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
  }
}
