import Foundation
import Testing
import Wordbook
import WordbookSQLite

/// A Due round in tmux, as a learner lives it, with learning steps of 3 and 6 seconds: the
/// missed card comes back when its step is due, the summary counts the round, `f` studies
/// exactly the one missed, and no key rates a card of the ended round.
@Suite(.enabled(if: TmuxSession.executable != nil, "tmux is not installed"))
struct StudyRoundTmuxTests {
  @Test func aDueRoundBringsTheMissedCardBackAndEndsWithItsSummary() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    for setting in [["learning-steps", "3s,6s"], ["new-per-day", "3"]] {
      #expect(try await process.runOnDatabase(["settings"] + setting).status == 0)
    }
    let tmux = try await TmuxSession(
      [
        WordbookProcess.executable.path, "--db", process.databasePath, "study", "1", "--mode",
        "due",
      ],
      environment: process.environment.merging(["TERM": "screen"]) { $1 },
      columns: 80, rows: 24)
    _ = try await tmux.waitForScreen("a Due round of three new words") {
      $0.first?.hasSuffix("New 3 · Learning 0 · Due 0") == true
    }
    // 안녕하세요, missed: due again in 3 seconds; 감사합니다 is next.
    try tmux.type("h")
    let missedAt = ContinuousClock.now
    _ = try await tmux.waitForScreen("the missed card learning") {
      $0.first?.hasSuffix("New 2 · Learning 1 · Due 0") == true
        && $0.contains { $0.hasPrefix("›") && $0.contains("감사합니다") }
    }
    // Once its step is due, the next rating brings the missed card back before 사랑.
    while ContinuousClock.now < missedAt + .milliseconds(3300) {
      try await Task.sleep(for: .milliseconds(100))
    }
    try tmux.type("4")
    _ = try await tmux.waitForScreen("the missed card back") {
      $0.contains { $0.hasPrefix("›") && $0.contains("안녕하세요") }
        && $0.first?.hasSuffix("New 1 · Learning 1 · Due 0") == true
    }
    try tmux.type("4")
    _ = try await tmux.waitForScreen("the last new card") {
      $0.contains { $0.hasPrefix("›") && $0.contains("사랑") }
    }
    try tmux.type("4")
    let summary = try await tmux.waitForScreen("the round's summary") {
      $0.contains("Round done") && $0.contains("Known 2 · Not known 1")
    }
    #expect(summary.contains("  f  Study the ones I missed"))
    // No key rates a card of the ended round.
    try tmux.type("lh3")
    try tmux.type("f")
    _ = try await tmux.waitForScreen("a round of the one missed") {
      $0.contains { $0.hasPrefix("›") && $0.contains("안녕하세요") }
        && $0.contains { $0.hasPrefix("Card 1/1") }
    }
    try tmux.type("q")
    let service = try SQLiteWordService(path: process.databasePath)
    let words = try await service.fetchWords(in: WordBook.ID(1))
    var ratings: [[Rating]] = []
    for word in words.prefix(3) {
      ratings.append(try await service.fetchReviews(of: word.id).map(\.rating))
    }
    #expect(ratings == [[.again, .easy], [.easy], [.easy]])
    #expect(words.prefix(3).map(\.studyState) == [.success, .success, .success])
  }
}
