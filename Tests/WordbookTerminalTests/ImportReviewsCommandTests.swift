import Foundation
import Testing
import Wordbook

/// `import-reviews`, run as the built `wordbook` on a database and files in the test's own
/// folder: a history in any order joins each log in time order, and a bad line refuses it all.
@Suite struct ImportReviewsCommandTests {
  private let process: WordbookProcess

  init() throws {
    process = try WordbookProcess()
  }

  /// Writes `text` to a file of the test's folder and returns its path.
  private func file(_ name: String, _ text: String) throws -> String {
    let path = process.folder.appendingPathComponent(name).path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func aHistoryInAnyOrderIsReplayedInTimeOrder() async throws {
    defer { process.removeFolder() }
    let ids = try await process.makeBook("Verbs", terms: ["가다", "오다", "보다"])
    let history = try file(
      "history.tsv",
      """
      reviewed_at\tterm\trating
      2026-01-05T00:00:00Z\t가다\tgood
      2026-01-01T09:00:00+09:00\t가다\tagain
      2026-01-02T00:00:00Z\t오다\t4
      2026-01-03T00:00:00Z\t가다\tGood

      """)
    let outcome = try await process.runOnDatabase(["import-reviews", history, "--book", "Verbs"])
    #expect(outcome.status == 0)
    #expect(outcome.output == "Imported 4 reviews from \(history) into wordbook 2 (Verbs).\n")
    let scheduler = ReviewScheduler(settings: .standard)
    let log = [
      Review(rating: .again, time: try #require(Timestamp(iso8601: "2026-01-01T00:00:00Z"))),
      Review(rating: .good, time: try #require(Timestamp(iso8601: "2026-01-03T00:00:00Z"))),
      Review(rating: .good, time: try #require(Timestamp(iso8601: "2026-01-05T00:00:00Z"))),
    ]
    let state = WordMemory.replaying(log, of: Word.ID(ids[0]), with: scheduler).state
    let lines = try await process.runOnDatabase(["schedule", "Verbs", "--all"]).output.split(
      separator: "\n")
    #expect(
      lines[0]
        == "\(ids[0])\t가다\treview\t\(try #require(state.due).iso8601)\t"
        + "\(String(format: "%.6f", state.stability))\t"
        + "\(String(format: "%.6f", state.difficulty))\t3\t0")
    #expect(lines[1].hasPrefix("\(ids[1])\t오다\treview\t"))
    #expect(lines[2] == "\(ids[2])\t보다\tnew\t\t0.000000\t0.000000\t0\t0")
    // Each word is marked by its last review, as a rating on the study screen marks it.
    let words = try await process.runOnDatabase(["words", "Verbs"]).output.split(separator: "\n")
    #expect(words.map { $0.split(separator: "\t")[1] } == ["known", "known", "not-studied"])
  }

  @Test func aBadLineRefusesTheWholeFileWithItsNumber() async throws {
    defer { process.removeFolder() }
    let ids = try await process.makeBook("Verbs", terms: ["가다"])
    _ = try await process.runOnDatabase([
      "review", "Verbs", "\(ids[0])", "good", "--at", "2026-01-01T00:00:00Z",
    ])
    let before = try await process.runOnDatabase(["schedule", "Verbs", "--all"]).output
    let good = "가다,good,2026-01-02T00:00:00Z\n"
    let cases: [(String, String)] = [
      (
        "term,rating,reviewed_at\n" + good + "없다,good,2026-01-02T00:00:00Z\n",
        "line 3: the wordbook has no word '없다'"
      ),
      (
        "term,rating,reviewed_at\n" + good + good + "가다,great,2026-01-02T00:00:00Z\n",
        "line 4: the rating must be again, hard, good or easy"
      ),
      (
        "term,rating,reviewed_at\n" + good + "가다,good,2026-01-02\n",
        "line 3: the time must be ISO 8601 with a zone"
      ),
      ("term,rating\n가다,good\n", "line 1: the header row has no reviewed_at column"),
      (
        "term,rating,reviewed_at,Reviewed At\n가다,good,2026-01-02T00:00:00Z,2027-01-02T00:00:00Z\n",
        "line 1: the header row names the reviewed_at column twice"
      ),
      (
        "term,rating,reviewed_at\n" + good + "가다,easy,9999-12-31T23:59:59Z\n",
        "line 3: the time must be from 0001-01-01T00:00:00Z to 9900-01-24T23:59:59Z"
      ),
      ("term,rating,reviewed_at\n" + good + "가다\n", "line 3: the line has 1 field where"),
      (
        "term,rating,reviewed_at\n" + good + "가다,good,2026-01-02T00:00:00Z,x\n",
        "line 3: the line has 4 fields where the header row has 3"
      ),
      (
        "term,rating,reviewed_at\n" + good + ",good,2026-01-02T00:00:00Z\n",
        "line 3: a field is empty"
      ),
      (
        "term,rating,reviewed_at\n" + good + "가다,good," + String(repeating: "9", count: 1 << 20)
          + "\n", "line 3:"
      ),
      // The first bad line is refused, whether the service or the reader finds the later one.
      (
        "term,rating,reviewed_at\n" + good + "없다,good,2026-01-02T00:00:00Z\n"
          + "가다,great,2026-01-02T00:00:00Z\n", "line 3: the wordbook has no word '없다'"
      ),
      (
        "term,rating,reviewed_at\n" + good + "없다,good,2026-01-02T00:00:00Z\n가다\n",
        "line 3: the wordbook has no word '없다'"
      ),
    ]
    for (index, (text, fragment)) in cases.enumerated() {
      let path = try file("bad\(index).csv", text)
      try await process.runOnDatabase(["import-reviews", path, "--book", "Verbs"]).expectFailure(
        1, fragment)
    }
    #expect(try await process.runOnDatabase(["schedule", "Verbs", "--all"]).output == before)
    let korean = try await process.runOnDatabase(
      ["import-reviews", try file("bad0.csv", cases[0].0), "--book", "Verbs"],
      language: "ko_KR.UTF-8")
    korean.expectFailure(1, "3번째 줄: 단어장에 '없다' 단어가 없습니다")
  }

  /// A term two words share (배: a pear, a boat) needs a meaning column to tell which; a
  /// unique term is matched whatever meaning the line gives.
  @Test func homonymsAreToldApartByMeaning() async throws {
    defer { process.removeFolder() }
    _ = try await process.makeBook("Nouns", terms: [])
    for (term, meaning) in [("배", "pear"), ("배", "boat"), ("물", "water")] {
      #expect(try await process.runOnDatabase(["add", "Nouns", term, meaning]).status == 0)
    }
    let ids = try await process.runOnDatabase(["words", "Nouns"]).output.split(separator: "\n")
      .map { String($0.split(separator: "\t")[0]) }
    let plain = try file("plain.csv", "term,rating,reviewed_at\n배,good,2026-01-01T00:00:00Z\n")
    try await process.runOnDatabase(["import-reviews", plain, "--book", "Nouns"]).expectFailure(
      1, "line 2: 2 words of the wordbook are '배'; add a meaning column to tell which")
    let wrong = try file(
      "wrong.csv", "term,meaning,rating,reviewed_at\n배,belly,good,2026-01-01T00:00:00Z\n")
    try await process.runOnDatabase(["import-reviews", wrong, "--book", "Nouns"]).expectFailure(
      1, "line 2: no word '배' of the wordbook means 'belly'")
    let told = try file(
      "told.csv",
      "term,meaning,rating,reviewed_at\n배,boat,easy,2026-01-01T00:00:00Z\n"
        + "물,not what the book says,again,2026-01-01T00:00:00Z\n")
    #expect(
      try await process.runOnDatabase(["import-reviews", told, "--book", "Nouns"]).status == 0)
    let lines = try await process.runOnDatabase(["schedule", "Nouns", "--all"]).output.split(
      separator: "\n")
    // The review counts: the pear none, the boat and the water one each.
    #expect(
      lines.map { $0.split(separator: "\t", omittingEmptySubsequences: false)[6] } == [
        "0", "1", "1",
      ])
    #expect(lines.map { String($0.split(separator: "\t")[0]) } == ids)
  }

  /// A line that never ends refuses the file at its first megabyte instead of being read to
  /// the end of an endless file.
  @Test func anEndlessLineIsRefusedAtOnce() async throws {
    defer { process.removeFolder() }
    _ = try await process.makeBook("Verbs", terms: ["가다"])
    try await process.runOnDatabase(["import-reviews", "/dev/zero", "--book", "Verbs"])
      .expectFailure(
        1, "/dev/zero, line 1: longer than 1 MiB")
  }

  @Test func theBookAndTheFileMustExist() async throws {
    defer { process.removeFolder() }
    _ = try await process.makeBook("Verbs", terms: [])
    let history = try file("history.csv", "term,rating,reviewed_at\n")
    try await process.runOnDatabase(["import-reviews", history, "--book", "Nouns"]).expectFailure(
      1, "no wordbook has the title 'Nouns'")
    try await process.runOnDatabase(["import-reviews", history + ".missing", "--book", "Verbs"])
      .expectFailure(1, "cannot read")
    let usage = try await process.runOnDatabase(["import-reviews", history])
    #expect(usage.status == 2)
    #expect(usage.error.contains("Usage: wordbook import-reviews FILE --book BOOK"))
    #expect(
      try await process.runOnDatabase(["import-reviews", history, "--book", "Verbs"]).output
        .hasPrefix(
          "Imported 0 reviews")
    )
  }
}
