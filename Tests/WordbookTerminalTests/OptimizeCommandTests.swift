import Foundation
import Testing
import Wordbook
import WordbookSQLite
import WordbookTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// `wordbook optimize` and the `stats` line of how well the parameters predict, run as the
/// built `wordbook` on a database in the test's own folder.
@Suite struct OptimizeCommandTests {
  private let process: WordbookProcess

  init() throws {
    process = try WordbookProcess()
  }

  /// fsrs-rs-python 0.9.3's `compute_parameters` on the real log's first 80% of days (the
  /// items `ReviewHistory` makes of them, each with its word as its card ID).
  static let fsrsRSParameters = [
    0.17093725502490997, 0.46782371401786804, 0.9417394995689392, 1.7090892791748047,
    6.4252705574035645, 0.7218925356864929, 2.9741525650024414, 0.047064945101737976,
    1.8367966413497925, 0.1510930210351944, 0.7712129950523376, 1.5621581077575684,
    0.046160079538822174, 0.3544808328151703, 1.7831953763961792, 0.6141327619552612,
    1.8729000091552734, 0.6027831435203552, 0.1483871191740036, 0.13499902188777924,
    0.23706768453121185,
  ]

  /// A book titled `title` with a word for each log, holding the log's reviews; its ID and
  /// its words'.
  @discardableResult
  private func book(_ title: String, logs: [[Review]]) async throws -> (WordBook.ID, [Word.ID]) {
    let service = try SQLiteWordService(path: process.databasePath)
    let book = try await service.createBook(title: title)
    var ids: [Word.ID] = []
    for index in logs.indices {
      let word = try await service.saveWord(
        WordDraft(term: "word \(index)", meaning: "m"), to: book.id)
      ids.append(word.id)
    }
    let rows = zip(ids, logs).flatMap { id, log in log.map { WordReview(wordID: id, review: $0) } }
    _ = try await service.importReviews { write throws(WordServiceError) in try write(rows) }
    return (book.id, ids)
  }

  private func storedParameters() async throws -> String {
    try await process.runOnDatabase(["settings", "parameters"]).output
  }

  @Test(.enabled(if: RealReviewLog.isAvailable, RealReviewLog.missing))
  func theRealLogsFirstEightyPercentGivesFSRSRSsParametersAndApplyStoresThem() async throws {
    defer { process.removeFolder() }
    let logs = try RealReviewLog.logs()
    let cutOff = RealReviewLog.cutOff(logs)
    let (bookID, ids) = try await book("Real", logs: logs.map { $0.filter { $0.time < cutOff } })
    let service = try SQLiteWordService(path: process.databasePath)
    let dueBefore = try await service.fetchSchedule(in: bookID, dueBy: nil)

    let outcome = try await process.runOnDatabase(["optimize", "Real", "--apply"])
    #expect(outcome.status == 0, "\(outcome.error)")
    let lines = outcome.output.split(separator: "\n").map { $0.split(separator: "\t") }
    try #require(lines.count == 3)
    #expect(lines[0].count == 4 && lines[0][0] == "current" && lines[0][3] == "1644")
    #expect(lines[1].count == 5 && lines[1][0] == "fitted" && lines[1][3] == "1644")
    let fitted = lines[1][4].split(separator: ",").compactMap { Double($0) }
    try #require(fitted.count == 21)
    for (ours, theirs) in zip(fitted, Self.fsrsRSParameters) {
      #expect(abs(ours - theirs) <= 1e-4, "\(fitted)")
    }
    #expect(try #require(Double(lines[1][2])) < Double(lines[0][2]) ?? 0)
    #expect(lines[2].joined().hasPrefix("Stored the fitted parameters"))
    #expect(try await storedParameters() == "parameters\t\(lines[1][4])\n")
    // Every word's memory was replayed with them.
    let dueAfter = try await service.fetchSchedule(in: bookID, dueBy: nil)
    #expect(dueBefore.map(\.word.id) == ids.map { $0 })
    #expect(dueBefore.map(\.memory) != dueAfter.map(\.memory))

    let again = try await process.runOnDatabase(["optimize", "Real", "--apply"])
    #expect(again.output.contains("Kept the current parameters"))
    let stats = try await process.runOnDatabase(["stats", "Real"])
    #expect(stats.output.contains("log loss \(lines[1][1].prefix(6))"), "\(stats.output)")
  }

  @Test func badHistoriesKeepTheParametersWithAClearMessage() async throws {
    defer { process.removeFolder() }
    let start = Timestamp(secondsSince1970: 1_700_000_000)
    let day = Int64(86_400)
    let cases: [(title: String, logs: [[Review]], message: String)] = [
      ("Empty", [[]], "too few reviews"),
      ("One", [[Review(rating: .good, time: start)]], "too few reviews"),
      (
        "One day",
        (0..<40).map { word in
          (0..<3).map { Review(rating: .good, time: start.advanced(by: Int64(word * 60 + $0))) }
        }, "too few reviews"
      ),
      (
        "Future",
        [
          [Review(rating: .good, time: start), Review(rating: .good, time: .now.advanced(by: day))]
        ],
        "after now"
      ),
    ]
    let before = try await storedParameters()
    for (title, logs, message) in cases {
      try await book(title, logs: logs)
      try await process.runOnDatabase(["optimize", title, "--apply"]).expectFailure(1, message)
      #expect(try await storedParameters() == before)
    }
    // A review recorded after a later one (a clock set back) joins its log in time order:
    // nothing is out of order, and two reviews are too few.
    let (_, ids) = try await book(
      "Clock", logs: [[Review(rating: .good, time: start.advanced(by: day))]])
    let early = start.iso8601
    _ = try await process.runOnDatabase(["review", "Clock", "\(ids[0])", "good", "--at", early])
    try await process.runOnDatabase(["optimize", "Clock"]).expectFailure(1, "too few reviews")
    try await process.runOnDatabase(["optimize", "Clock"], language: "ko_KR.UTF-8")
      .expectFailure(1, "복습이 부족합니다")
    #expect(try await storedParameters() == before)
    let stats = try await process.runOnDatabase(["stats", "One"])
    #expect(stats.output.contains("prediction not judged yet"))
  }

  @Test func controlCStopsTheFitAndChangesNothing() async throws {
    defer { process.removeFolder() }
    // 10,000 words of 12 reviews a few days apart: a fit of several seconds in a debug build,
    // far longer than a signal takes to arrive.
    var generator = SplitMix64(seed: 3)
    let logs = (0..<10_000).map { word in
      var time = Timestamp(secondsSince1970: 1_600_000_000 + Int64(word) * 60)
      return (0..<12).map { _ in
        time = time.advanced(by: Int64(1 + generator.next(below: 9)) * 86_400)
        return Review(
          rating: Rating(rawValue: 1 + Int(generator.next(below: 4))) ?? .good, time: time)
      }
    }
    try await book("Long", logs: logs)
    let before = try await storedParameters()
    let session = try await PseudoTerminalSession(
      arguments: ["--db", process.databasePath, "optimize", "Long", "--apply"],
      environment: process.environment)
    try await session.waitForOutput(containing: "fitting parameters")
    session.signal(SIGINT)
    #expect(try await session.waitForExit() == 130)
    #expect(try await storedParameters() == before)
  }
}
