import Foundation
import Testing
import Wordbook
import WordbookTerminal

/// `settings`, `review` and `schedule`, run as the built `wordbook` on a database in the
/// test's own folder.
@Suite struct SchedulingCommandsTests {
  private let process: WordbookProcess

  init() throws {
    process = try WordbookProcess()
  }

  @Test func settingsAreShownAndSetOneByOne() async throws {
    defer { process.removeFolder() }
    let defaults = try await process.runOnDatabase(["settings"])
    #expect(defaults.status == 0)
    #expect(
      defaults.output == """
        retention\t0.9
        fuzz\ton
        learning-steps\t1m,10m
        relearning-steps\t10m
        maximum-interval\t36500
        new-per-day\t20
        learn-ahead\t20m
        parameters\t\(SchedulerSettings.defaultParameters.map { String($0) }.joined(separator: ","))

        """)
    #expect(
      try await process.runOnDatabase(["settings", "retention", "0.85"]).output
        == "retention\t0.85\n")
    #expect(
      try await process.runOnDatabase(["settings", "retention"]).output == "retention\t0.85\n")
    #expect(try await process.runOnDatabase(["settings", "fuzz", "OFF"]).output == "fuzz\toff\n")
    let steps = try await process.runOnDatabase(["settings", "learning-steps", "30s,120m,1d"])
    #expect(steps.output == "learning-steps\t30s,2h,1d\n")
    #expect(
      try await process.runOnDatabase(["settings", "relearning-steps", "none"]).output
        == "relearning-steps\tnone\n")
    #expect(
      try await process.runOnDatabase(["settings", "new-per-day", "0"]).output == "new-per-day\t0\n"
    )
    #expect(
      try await process.runOnDatabase(["settings", "learn-ahead", "90s"]).output
        == "learn-ahead\t90s\n")
    #expect(
      try await process.runOnDatabase(["settings", "learn-ahead", "0m"]).output
        == "learn-ahead\t0s\n")
    let parameters = SchedulerSettings.defaultParameters.enumerated().map { index, value in
      String(index == 0 ? 0.5 : value)
    }.joined(separator: ",")
    #expect(
      try await process.runOnDatabase(["settings", "parameters", parameters]).output
        == "parameters\t\(parameters)\n")
  }

  @Test func aValueOutOfRangeIsAUsageErrorAndChangesNothing() async throws {
    defer { process.removeFolder() }
    let before = try await process.runOnDatabase(["settings"]).output
    try await process.runOnDatabase(["settings", "retention", "0.5"]).expectFailure(
      2, "from 0.7 to 0.99")
    try await process.runOnDatabase(["settings", "maximum-interval", "0"]).expectFailure(
      2, "from 1 to 36500")
    try await process.runOnDatabase(["settings", "new-per-day", "10001"]).expectFailure(
      2, "from 0 to 10000")
    try await process.runOnDatabase(["settings", "learn-ahead", "2d"]).expectFailure(
      2, "at most 1d")
    try await process.runOnDatabase(["settings", "fuzz", "maybe"]).expectFailure(2, "on or off")
    try await process.runOnDatabase(["settings", "learning-steps", "10x"]).expectFailure(
      2, "s, m, h or d")
    try await process.runOnDatabase(["settings", "learning-steps", "0m"]).expectFailure(
      2, "s, m, h or d")
    try await process.runOnDatabase(["settings", "parameters", "1,2"]).expectFailure(
      2, "21 numbers")
    let outOfBounds = Array(repeating: "0.5", count: 21).joined(separator: ",")
    try await process.runOnDatabase(["settings", "parameters", outOfBounds]).expectFailure(
      2, "parameter 5 of 21")
    try await process.runOnDatabase(["settings", "tempo", "1"]).expectFailure(
      2, "unknown setting 'tempo'")
    try await process.runOnDatabase(["settings", "retention", "1.5"], language: "ko_KR.UTF-8")
      .expectFailure(2, "0.99까지의 수")
    #expect(try await process.runOnDatabase(["settings"]).output == before)
  }

  @Test func aReviewIsLoggedAndTheDueWordsComeMostOverdueFirst() async throws {
    defer { process.removeFolder() }
    let ids = try await process.makeBook("Verbs", terms: ["가다", "오다\tcome", "보다"])
    let good = try await process.runOnDatabase([
      "review", "Verbs", "\(ids[0])", "good", "--at", "2026-01-01T09:00:00+09:00",
    ])
    #expect(good.status == 0)
    #expect(good.output == "Rated word \(ids[0]) (가다) good; next review 2026-01-01T00:10:00Z.\n")
    let again = try await process.runOnDatabase([
      "review", "Verbs", "\(ids[1])", "1", "--at", "2026-01-01T00:00:00Z",
    ])
    #expect(again.output.contains("next review 2026-01-01T00:01:00Z"))
    let korean = try await process.runOnDatabase(
      ["review", "Verbs", "\(ids[2])", "easy"], language: "ko_KR.UTF-8")
    #expect(korean.status == 0)
    #expect(korean.output.hasPrefix("단어 \(ids[2]) (보다)을(를) easy(으)로 평가했습니다."))

    // A new word's first review gives a stability and a difficulty that depend on the rating
    // alone.
    let scheduler = ReviewScheduler(settings: .standard)
    var generator = SplitMix64(seed: 1)
    let time = Timestamp(secondsSince1970: 0)
    let afterGood = scheduler.review(.new, rating: .good, at: time, using: &generator)
    let afterAgain = scheduler.review(.new, rating: .again, at: time, using: &generator)
    let due = try await process.runOnDatabase(["schedule", "Verbs"])
    #expect(due.status == 0)
    #expect(
      due.output == """
        \(ids[1])\t오다^Icome\tlearning\t2026-01-01T00:01:00Z\t0.212000\t\
        \(String(format: "%.6f", afterAgain.difficulty))\t1\t0
        \(ids[0])\t가다\tlearning\t2026-01-01T00:10:00Z\t2.306500\t\
        \(String(format: "%.6f", afterGood.difficulty))\t1\t0

        """)
    let all = try await process.runOnDatabase(["schedule", "Verbs", "--all"]).output.split(
      separator: "\n")
    #expect(all.count == 3)
    #expect(all[2].hasPrefix("\(ids[2])\t보다\treview\t"))
    #expect(all[2].hasSuffix("\t1\t0"))
    // The rating marks each word as the study screen's would: *again* not known, else known.
    let words = try await process.runOnDatabase(["words", "Verbs"]).output.split(separator: "\n")
    #expect(words.map { $0.split(separator: "\t")[1] } == ["known", "not-known", "known"])
  }

  @Test func theLogOutlivesAnEditAndANeverReviewedWordIsNew() async throws {
    defer { process.removeFolder() }
    let ids = try await process.makeBook("Nouns", terms: ["물", "불"])
    _ = try await process.runOnDatabase([
      "review", "Nouns", "\(ids[0])", "hard", "--at", "2026-01-01T00:00:00Z",
    ])
    _ = try await process.runOnDatabase([
      "review", "Nouns", "\(ids[0])", "good", "--at", "2026-01-01T00:10:00Z",
    ])
    #expect(
      try await process.runOnDatabase(["edit", "Nouns", "\(ids[0])", "--term", "물건"]).status == 0)
    let all = try await process.runOnDatabase(["schedule", "Nouns", "--all"]).output.split(
      separator: "\n")
    #expect(all.count == 2)
    #expect(all[0].hasPrefix("\(ids[0])\t물건\t"))
    #expect(all[0].hasSuffix("\t2\t0"))
    #expect(all[1] == "\(ids[1])\t불\tnew\t\t0.000000\t0.000000\t0\t0")
  }

  @Test func newStepsRescheduleTheWordsAlreadyReviewed() async throws {
    defer { process.removeFolder() }
    let ids = try await process.makeBook("Verbs", terms: ["가다"])
    _ = try await process.runOnDatabase([
      "review", "Verbs", "\(ids[0])", "good", "--at", "2026-01-01T00:00:00Z",
    ])
    #expect(try await process.runOnDatabase(["settings", "learning-steps", "2m,20m"]).status == 0)
    let all = try await process.runOnDatabase(["schedule", "Verbs", "--all"]).output
    #expect(all.hasPrefix("\(ids[0])\t가다\tlearning\t2026-01-01T00:20:00Z\t"))
  }

  /// A review so late that its word's next review could fall after 9999-12-31T23:59:59Z, which
  /// `--at` cannot read, is refused as `--at` refuses a time it cannot read: `schedule` never
  /// writes a year past 9999.
  @Test func aReviewTooLateToScheduleIsAUsageError() async throws {
    defer { process.removeFolder() }
    let ids = try await process.makeBook("Verbs", terms: ["가다"])
    for time in ["9999-12-31T23:59:59Z", "9950-01-01T00:00:00Z"] {
      try await process.runOnDatabase([
        "review", "Verbs", "\(ids[0])", "easy", "--at", time,
      ]).expectFailure(2, "--at must be")
    }
    let schedule = try await process.runOnDatabase(["schedule", "Verbs", "--all"]).output
    #expect(schedule.hasSuffix("\tnew\t\t0.000000\t0.000000\t0\t0\n"))
    #expect(!schedule.contains("10000-"))
  }

  @Test func wrongReviewsAreRefused() async throws {
    defer { process.removeFolder() }
    let ids = try await process.makeBook("Verbs", terms: ["가다"])
    _ = try await process.makeBook("Other", terms: [])
    try await process.runOnDatabase(["review", "Verbs", "\(ids[0])", "great"]).expectFailure(
      2, "again, hard, good")
    try await process.runOnDatabase([
      "review", "Verbs", "\(ids[0])", "good", "--at", "2026-02-30T00:00:00Z",
    ]).expectFailure(2, "ISO 8601")
    try await process.runOnDatabase([
      "review", "Verbs", "\(ids[0])", "good", "--at", "2026-01-01T00:00:00",
    ]).expectFailure(2, "ISO 8601")
    let elsewhere = try await process.runOnDatabase(["review", "Other", "\(ids[0])", "good"])
    #expect(elsewhere.status == 1)
    #expect(elsewhere.error.contains("has no word with ID \(ids[0])"))
    let missing = try await process.runOnDatabase(["schedule", "Nowhere"])
    #expect(missing.status == 1)
    #expect(missing.error.contains("no wordbook has the title 'Nowhere'"))
    #expect(
      try await process.runOnDatabase(["schedule", "Verbs", "--all"]).output.hasSuffix(
        "\tnew\t\t0.000000\t0.000000\t0\t0\n"))
  }
}
