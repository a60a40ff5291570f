import Foundation
import Testing
import Wordbook
import WordbookPostgres
import WordbookWeb

/// The ratings a page kept offline, posted to `POST /ratings` as a forger would post them: each
/// is stored with its own time once, however often it is sent, and merged with other devices'
/// in time order; a forged or oversized outbox is refused with a sentence, changing nothing.
@Suite(.enabled(if: WebTestEnvironment.hasLibrary, WebTestEnvironment.libraryReason))
@MainActor
struct OfflineRatingsRequestTests {
  /// One rating as the page's outbox sends it.
  private static func rating(
    _ id: ReviewID, _ word: Word.ID, _ rating: Rating, _ time: Timestamp
  ) -> String {
    #"{"id":"\#(id)","word":\#(word.rawValue),"rating":\#(rating.rawValue),"#
      + #""time":\#(time.secondsSince1970)}"#
  }

  /// A request's body of `ratings`.
  private static func batch(_ ratings: [String]) -> String {
    #"{"ratings":[\#(ratings.joined(separator: ","))]}"#
  }

  /// Posts `json` to the ratings of `page`'s session, as the page does.
  private static func post(
    _ json: String, on page: Page, contentType: String = "application/json"
  ) async throws -> PlainHTTP.Answer {
    var headers = page.library.pageHeaders
    headers["Content-Type"] = contentType
    return try await PlainHTTP.send(
      "POST", page.library.base + "/ratings?session=\(page.session)", headers: headers,
      body: Data(json.utf8), timeout: 60)
  }

  /// The server's answer for each rating.
  private struct Results: Decodable {
    struct Outcome: Decodable {
      var id: String
      var status: Int
      var message: String?
    }
    var results: [Outcome]
  }

  private static func results(of answer: PlainHTTP.Answer) throws -> [Results.Outcome] {
    #expect(answer.status == 200, "\(answer.body)")
    return try JSONDecoder().decode(Results.self, from: Data(answer.body.utf8)).results
  }

  @Test func ratingsKeepTheirTimesAndARatingSentTwiceIsStoredOnce() async throws {
    try await TestLibrary.with(terms: ["물", "불"]) { library in
      let page = try await Page(library)
      defer { page.close() }
      try await page.open(library.book.id)
      let word = library.words[0].id
      let now = Timestamp.now
      let reviews = [
        Review(rating: .again, time: now.advanced(by: -7200), id: ReviewID(origin: 7, sequence: 1)),
        Review(rating: .good, time: now.advanced(by: -3600), id: ReviewID(origin: 7, sequence: 2)),
      ]
      let json = Self.batch(reviews.map { Self.rating($0.id!, word, $0.rating, $0.time) })
      for _ in 0..<2 {
        let results = try Self.results(of: try await Self.post(json, on: page))
        #expect(results.map(\.status) == [200, 200])
        #expect(results.map(\.id) == reviews.map { $0.id!.description })
        #expect(try await library.service.fetchReviews(of: word) == reviews)
      }
      // The learner's session hears of the mark the latest rating left.
      #expect(
        try await WebTestEnvironment.waitUntil(timeout: .seconds(30)) {
          try await page.shownState(of: word) == "known"
        })
    }
  }

  /// A rating posted to `/commands` whose answer never came is kept with the same identity:
  /// sent again from the outbox, it is refused as taken, and the word has one review.
  @Test func aRatingWhoseAnswerWasLostIsStoredOnce() async throws {
    try await TestLibrary.with(terms: ["물", "불"]) { library in
      let page = try await Page(library)
      defer { page.close() }
      try await page.open(library.book.id)
      let word = library.words[0].id
      let id = ReviewID(origin: 9, sequence: 1)
      let posted = #"{"command":"good","card":\#(word.rawValue),"ratingID":"\#(id)"}"#
      #expect(try await page.command(posted) == 200)
      let stored = try await library.service.fetchReviews(of: word)
      #expect(stored.map(\.id) == [id])
      // Its own time, a minute before the one the command was stamped with.
      let stamped = try #require(stored.first).time
      let kept = Self.batch([Self.rating(id, word, .good, stamped.advanced(by: -60))])
      #expect(try Self.results(of: try await Self.post(kept, on: page)).map(\.status) == [409])
      #expect(try await library.service.fetchReviews(of: word) == stored)
      // An identity that is not one is refused with the command.
      let forged = #"{"command":"good","card":\#(library.words[1].id.rawValue),"ratingID":"x"}"#
      #expect(try await page.command(forged) == 400)
      #expect(try await library.service.fetchReviews(of: library.words[1].id) == [])
    }
  }

  /// Two devices rated one word offline, their times interleaved, and the later one sent
  /// first: the log is in time order and the memory is the merged log replayed.
  @Test func twoDevicesRatingsMergeInTimeOrder() async throws {
    try await TestLibrary.with(terms: ["물"]) { library in
      let page = try await Page(library)
      defer { page.close() }
      let word = library.words[0].id
      let now = Timestamp.now
      let hour = Int64(3600)
      let phone = [
        Review(
          rating: .good, time: now.advanced(by: -5 * hour), id: ReviewID(origin: 1, sequence: 1)),
        Review(
          rating: .again, time: now.advanced(by: -3 * hour), id: ReviewID(origin: 1, sequence: 2)),
      ]
      let tablet = [
        Review(
          rating: .hard, time: now.advanced(by: -4 * hour), id: ReviewID(origin: 2, sequence: 1)),
        Review(
          rating: .good, time: now.advanced(by: -2 * hour), id: ReviewID(origin: 2, sequence: 2)),
      ]
      for device in [tablet, phone] {
        let json = Self.batch(device.map { Self.rating($0.id!, word, $0.rating, $0.time) })
        #expect(
          try Self.results(of: try await Self.post(json, on: page)).map(\.status) == [200, 200])
      }
      let merged = (phone + tablet).sorted { $0.time < $1.time }
      #expect(try await library.service.fetchReviews(of: word) == merged)
      let scheduler = ReviewScheduler(
        settings: try await library.service.reviewSettings().scheduler)
      let schedule = try await library.service.fetchSchedule(in: library.book.id, dueBy: nil)
      #expect(
        schedule.map(\.memory) == [WordMemory.replaying(merged, of: word, with: scheduler).state])
      #expect(schedule.map(\.word.studyState) == [.success])
    }
  }

  /// Forged ratings are refused one by one, each with its reason, beside one that is stored.
  @Test func forgedRatingsAreRefusedAndChangeNothing() async throws {
    try await TestLibrary.with(terms: ["물"]) { library in
      let page = try await Page(library)
      defer { page.close() }
      let word = library.words[0].id
      let now = Timestamp.now
      let kept = Review(
        rating: .good, time: now.advanced(by: -60), id: ReviewID(origin: 3, sequence: 1))
      let id = { ReviewID(origin: 3, sequence: $0) }
      let json = Self.batch([
        Self.rating(kept.id!, word, kept.rating, kept.time),
        Self.rating(id(2), Word.ID(987_654), .good, now),
        Self.rating(id(3), word, .good, now.advanced(by: 3600)),
        Self.rating(id(4), word, .good, now.advanced(by: -31 * 86_400)),
        Self.rating(id(5), word, .good, Timestamp(secondsSince1970: -62_135_596_801)),
        // The same ID as the one stored, with another rating: a conflict.
        Self.rating(kept.id!, word, .again, kept.time),
      ])
      let results = try Self.results(of: try await Self.post(json, on: page))
      #expect(results.map(\.status) == [200, 404, 422, 422, 422, 409])
      #expect(results.dropFirst().allSatisfy { !($0.message ?? "").isEmpty })
      #expect(results[2].message?.contains("5 minutes after the server’s clock") == true)
      #expect(results[3].message?.contains("30 days old") == true)
      #expect(try await library.service.fetchReviews(of: word) == [kept])
    }
  }

  /// 10,000 ratings at once, or one more than a request may carry, are refused whole.
  @Test func tooManyRatingsAtOnceAreRefusedWhole() async throws {
    try await TestLibrary.with(terms: ["물"]) { library in
      let page = try await Page(library)
      defer { page.close() }
      let word = library.words[0].id
      let now = Timestamp.now
      for count in [10_000, 201] {
        let json = Self.batch(
          (0..<count).map {
            Self.rating(
              ReviewID(origin: 4, sequence: UInt64($0)), word, .good, now.advanced(by: -Int64($0)))
          })
        let answer = try await Self.post(json, on: page)
        #expect(answer.status == 413)
        #expect(answer.body.contains("at most 200 ratings in one request. None was stored."))
      }
      #expect(try await library.service.fetchReviews(of: word).isEmpty)
    }
  }

  /// A batch with one malformed rating, or not JSON, or of no session, stores none of it.
  @Test func aMalformedBatchIsRefusedWhole() async throws {
    try await TestLibrary.with(terms: ["물"]) { library in
      let page = try await Page(library)
      defer { page.close() }
      let word = library.words[0].id
      let good = Self.rating(ReviewID(origin: 5, sequence: 1), word, .good, .now)
      let badRating =
        #"{"id":"\#(ReviewID(origin: 5, sequence: 2))","word":\#(word.rawValue),"rating":7,"time":0}"#
      let badID = #"{"id":"not an id","word":\#(word.rawValue),"rating":3,"time":0}"#
      let missingTime =
        #"{"id":"\#(ReviewID(origin: 5, sequence: 3))","word":\#(word.rawValue),"rating":3}"#
      for entry in [badRating, badID, missingTime] {
        let answer = try await Self.post(Self.batch([good, entry]), on: page)
        #expect(answer.status == 400, "\(entry)")
        #expect(answer.body.contains("None was stored."))
      }
      let notJSON = try await Self.post(Self.batch([good]), on: page, contentType: "text/plain")
      #expect(notJSON.status == 415)
      let noSession = try await PlainHTTP.send(
        "POST", library.base + "/ratings?session=none", headers: library.pageHeaders,
        body: Data(Self.batch([good]).utf8))
      #expect(noSession.status == 404)
      #expect(try await library.service.fetchReviews(of: word).isEmpty)
    }
  }

  /// On a server where learners sign in, a rating of another learner's word is not found,
  /// and that word's log stays as it was.
  @Test func anotherLearnersWordIsRefused() async throws {
    try await SignInServer.with { server in
      let minaService = try await PostgresWordService(url: server.databaseURL, user: "mina")
      let junService = try await PostgresWordService(url: server.databaseURL, user: "jun")
      let minaBook = try await minaService.createBook(title: "Mina's verbs")
      let minaWord = try await minaService.saveWord(
        WordDraft(term: "가다", meaning: "to go"), to: minaBook.id)
      let junBook = try await junService.createBook(title: "Jun's nouns")
      let junWord = try await junService.saveWord(
        WordDraft(term: "물", meaning: "water"), to: junBook.id)
      let (cookie, home) = try await server.signedIn("mina", "correct horse")
      let stream = try RawConnection(port: server.server.port)
      defer { stream.close() }
      try await stream.send(
        RawConnection.head(
          "GET", home + "events",
          headers: [("Host", "127.0.0.1:\(server.server.port)"), ("Cookie", cookie)]))
      let pattern = /event: session\ndata: \{[^}]*"id":"([0-9a-f]+)"/
      #expect(try await stream.read { $0.contains(pattern) })
      let session = try #require(stream.text.firstMatch(of: pattern)).1
      let now = Timestamp.now
      let json = Self.batch([
        Self.rating(ReviewID(origin: 6, sequence: 1), junWord.id, .again, now),
        Self.rating(ReviewID(origin: 6, sequence: 2), minaWord.id, .good, now),
      ])
      let answer = try await server.request(
        "POST", home + "ratings?session=\(session)", cookie: cookie, json: json)
      #expect(try Self.results(of: answer).map(\.status) == [404, 200])
      #expect(try await junService.fetchReviews(of: junWord.id).isEmpty)
      #expect(try await minaService.fetchReviews(of: minaWord.id).count == 1)
    }
  }
}
