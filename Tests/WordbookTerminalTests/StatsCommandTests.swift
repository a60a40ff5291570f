import Foundation
import Testing
import Wordbook
import WordbookTerminal

/// `stats BOOK` with reviews recorded at fixed times, and `--chart`, run as the built
/// `wordbook` on a database in the test's own folder.
@Suite struct StatsCommandTests {
  private let process: WordbookProcess

  init() throws {
    process = try WordbookProcess()
  }

  /// A book of three words: one rated good and one rated easy on 2026-01-01 at midnight UTC,
  /// one never reviewed; fuzz is off, so the due times are the scheduler's own.
  private func reviewedBook() async throws -> [Int64] {
    let ids = try await process.makeBook("Verbs", terms: ["가다", "오다", "보다"])
    #expect(try await process.runOnDatabase(["settings", "fuzz", "off"]).status == 0)
    for (id, rating) in [(ids[0], "good"), (ids[1], "easy")] {
      let rated = try await process.runOnDatabase([
        "review", "Verbs", "\(id)", rating, "--at", "2026-01-01T00:00:00Z",
      ])
      #expect(rated.status == 0)
    }
    return ids
  }

  @Test func aBookLineTellsWhatIsDueAndHowWellItIsRemembered() async throws {
    defer { process.removeFolder() }
    _ = try await reviewedBook()
    let at = try #require(Timestamp(iso8601: "2026-01-03T12:00:00Z"))
    // What the scheduler itself gives the two reviewed words.
    let scheduler = ReviewScheduler(settings: try SchedulerSettings(isFuzzEnabled: false))
    var generator = SplitMix64(seed: 1)
    let start = Timestamp(secondsSince1970: 1_767_225_600)
    let good = scheduler.review(.new, rating: .good, at: start, using: &generator)
    let easy = scheduler.review(.new, rating: .easy, at: start, using: &generator)
    #expect(try #require(good.due) < at)
    let easyDay = try #require(easy.due).secondsSince1970 / 86_400 - at.secondsSince1970 / 86_400
    #expect((1..<7).contains(easyDay))
    let mean =
      (scheduler.retrievability(of: good, at: at)
        + scheduler.retrievability(of: easy, at: at)) / 2
    let tenths = Int((mean * 1000).rounded())

    let stats = try await process.runOnDatabase(["stats", "Verbs", "--at", "2026-01-03T12:00:00Z"])
    #expect(stats.status == 0)
    #expect(
      stats.output == """
        2\tVerbs\ttotal 3\tknown 2\tnot-known 0\tnot-studied 1
        2\tVerbs\tdue today 1\tdue this week 2\taverage retrievability \(tenths / 10).\(tenths % 10)%
        2\tVerbs\tprediction not judged yet: no review a day or more after the one before

        """)
    // A book never reviewed has nothing due and nothing remembered yet.
    _ = try await process.makeBook("Empty", terms: ["하나"])
    let empty = try await process.runOnDatabase(["stats", "Empty", "--at", "2026-01-03T12:00:00Z"])
    #expect(
      empty.output.contains("\tdue today 0\tdue this week 0\taverage retrievability none\n"))
    let korean = try await process.runOnDatabase(
      ["stats", "Verbs", "--at", "2026-01-03T12:00:00Z"], language: "ko_KR.UTF-8")
    #expect(korean.output.contains("\t오늘 복습 1\t이번 주 복습 2\t평균 기억 확률 "))
    // Every book at once, the sample book included, keeps its one line a book.
    #expect(try await process.runOnDatabase(["stats"]).output.split(separator: "\n").count == 3)
  }

  @Test func theChartIsWrittenAsAnSVGWithTheDaysCounts() async throws {
    defer { process.removeFolder() }
    _ = try await reviewedBook()
    let file = process.folder.appendingPathComponent("chart.svg").path
    let written = try await process.runOnDatabase([
      "stats", "Verbs", "--at", "2026-01-03T12:00:00Z", "--chart", file,
    ])
    #expect(written.status == 0)
    #expect(written.output.hasSuffix("Wrote the review chart of wordbook 2 (Verbs) to \(file).\n"))
    let svg = try String(contentsOfFile: file, encoding: .utf8)
    #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "))
    #expect(svg.contains("<title>2026-01-01: 2 reviews</title>"))
    #expect(svg.contains("<title>2026-01-03: 1 word due</title>"))
    #expect(svg.hasSuffix("</svg>\n"))
    // To standard output, the chart comes alone.
    let piped = try await process.runOnDatabase(["stats", "Verbs", "--chart", "-"])
    #expect(piped.output.hasPrefix("<?xml "))
    #expect(!piped.output.contains("due today"))
  }

  @Test func theChartNeverOverwritesTheDatabaseAndNeedsABook() async throws {
    defer { process.removeFolder() }
    _ = try await reviewedBook()
    let before = try Data(contentsOf: URL(fileURLWithPath: process.databasePath))
    try await process.runOnDatabase(["stats", "Verbs", "--chart", process.databasePath])
      .expectFailure(1, "is the open database; it is not written. Give --chart another file.")
    try await process.runOnDatabase(["stats", "Verbs", "--chart", process.databasePath + "-wal"])
      .expectFailure(1, "it is not written")
    #expect(try Data(contentsOf: URL(fileURLWithPath: process.databasePath)) == before)
    try await process.runOnDatabase(["stats", "--chart", "chart.svg"]).expectFailure(
      2, "'stats --chart FILE' needs the BOOK to draw")
    try await process.runOnDatabase(["stats", "Verbs", "--at", "yesterday"]).expectFailure(
      2, "yesterday")
    let folder = process.folder.path
    try await process.runOnDatabase(["stats", "Verbs", "--chart", folder]).expectFailure(
      1, "--chart")
  }

  @Test func aChartThatCannotBeWrittenFailsClearlyAndLeavesTheOldFile() async throws {
    defer { process.removeFolder() }
    _ = try await reviewedBook()
    try await process.runOnDatabase(["stats", "Verbs", "--chart", "/dev/full"]).expectFailure(
      1, "No space left on device")
    let file = process.folder.appendingPathComponent("kept.svg").path
    try Data("old".utf8).write(to: URL(fileURLWithPath: file))
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file)
    let refused = try await process.runOnDatabase(["stats", "Verbs", "--chart", file])
    refused.expectFailure(1, "--chart")
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "old")
  }
}
