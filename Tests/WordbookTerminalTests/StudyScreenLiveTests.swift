import Foundation
import Testing
import Wordbook
import WordbookSQLite

/// The study screen shows what another process changes in the database, without a key press.
@Suite(.enabled(if: TmuxSession.executable != nil, "tmux is not installed"))
struct StudyScreenLiveTests {
  @Test func aWordAddedAndAMarkMadeByAnotherProcessShowAtOnce() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let service = try SQLiteWordService(path: process.databasePath)
    let book = try await service.createBook(title: "Verbs")
    let word = try await service.saveWord(WordDraft(term: "가다", meaning: "to go"), to: book.id)
    let tmux = try await TmuxSession(
      [WordbookProcess.executable.path, "--db", process.databasePath, "study", "\(book.id)"],
      environment: process.environment.merging(["TERM": "screen"]) { $1 },
      columns: 80, rows: 24)
    _ = try await tmux.waitForScreen("the word list") { $0.contains { $0.contains("가다") } }
    let added = try await process.run([
      "--db", process.databasePath, "add", "Verbs", "오다", "to come",
    ])
    #expect(added.status == 0)
    _ = try await tmux.waitForScreen("the word added elsewhere") {
      $0.contains { $0.contains("오다") }
    }
    try await service.updateStudyStates([StudyStateChange(wordID: word.id, state: .success)])
    _ = try await tmux.waitForScreen("the mark made elsewhere") {
      $0.contains { $0.contains("가다") && $0.contains("✓") }
    }
  }
}
