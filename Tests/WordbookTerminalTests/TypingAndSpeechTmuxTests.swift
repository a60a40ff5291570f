import Foundation
import Testing
import Wordbook
import WordbookSQLite

/// Typing the answers and hearing the words in tmux, as a learner does: the comparison by
/// jamo and its proposal, Enter recording it, a part of a `;` answer taken as the answer, the
/// choice kept for the next session, and `p` running `espeak-ng -v ko` (a recording one put on
/// the `PATH`), or saying which package to install without one.
@Suite(.enabled(if: TmuxSession.executable != nil, "tmux is not installed"))
struct TypingAndSpeechTmuxTests {
  /// A `PATH` folder in `process`'s folder whose `espeak-ng` writes each argument on a line of
  /// `spoken.txt` there, then a blank line.
  private func recordingSpeaker(in process: WordbookProcess) throws -> (path: String, log: URL) {
    let bin = process.folder.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let log = process.folder.appendingPathComponent("spoken.txt")
    let script = bin.appendingPathComponent("espeak-ng")
    try "#!/bin/sh\nprintf '%s\\n' \"$@\" '' >> '\(log.path)'\n".write(
      to: script, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
    return (bin.path + ":/usr/bin:/bin", log)
  }

  private func study(_ process: WordbookProcess, path: String) async throws -> TmuxSession {
    try await TmuxSession(
      [WordbookProcess.executable.path, "--db", process.databasePath, "study", "동사"],
      environment: process.environment.merging(["TERM": "screen", "PATH": path]) { $1 },
      columns: 100, rows: 24)
  }

  @Test func aTypedAnswerIsMarkedByJamoAndEnterRecordsWhatItProposes() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    for arguments in [
      ["new-book", "동사"], ["add", "동사", "쓰다듬다", "to stroke"],
      ["add", "동사", "고양이", "cat; kitty"], ["add", "동사", "사랑", "love"],
    ] {
      #expect(try await process.runOnDatabase(arguments).status == 0)
    }
    let speaker = try recordingSpeaker(in: process)
    let tmux = try await study(process, path: speaker.path)
    _ = try await tmux.waitForScreen("the first card") {
      $0.contains { $0.hasPrefix("›") && $0.contains("쓰다듬다") }
    }
    // `p` says the term shown, in Korean.
    try tmux.type("p")
    let spoken = try await waitForFile(speaker.log) { $0.contains("쓰다듬다") }
    #expect(spoken == "-v\nko\n--\n쓰다듬다\n\n")
    // The meaning first: the term is the answer to type; one jamo is wrong (ㅅ for ㅆ).
    try tmux.type("v")
    try tmux.type("t")
    _ = try await tmux.waitForScreen("the answer field") {
      $0.last?.hasPrefix("Your answer:") == true
    }
    try tmux.type("스다듬다")
    try tmux.type("\r")
    let checked = try await tmux.waitForScreen("the comparison") { $0.last?.contains("→") == true }
    #expect(checked.last == "[스]다듬다 → [쓰]다듬다   Hard? Enter to accept, 1–4 to choose")
    try tmux.type("\r")
    _ = try await tmux.waitForScreen("the next card asking for its answer") {
      $0.contains { $0.hasPrefix("›") && $0.contains("cat; kitty") }
        && $0.last?.hasPrefix("Your answer:") == true
    }
    // Esc stops typing; the term first again, typing again: one part of the meaning is right.
    try tmux.type("\u{1B}")
    _ = try await tmux.waitForScreen("typing off") { $0.last?.hasPrefix("? help") == true }
    try tmux.type("vt")
    _ = try await tmux.waitForScreen("the term shown, asking") {
      $0.contains { $0.hasPrefix("›") && $0.contains("고양이") }
        && $0.last?.hasPrefix("Your answer:") == true
    }
    try tmux.type("Kitty!")
    try tmux.type("\r")
    let part = try await tmux.waitForScreen("the part taken") { $0.last?.contains("→") == true }
    #expect(part.last == "Kitty → kitty   Good? Enter to accept, 1–4 to choose")
    try tmux.type("\r")
    _ = try await tmux.waitForScreen("the last card") {
      $0.contains { $0.hasPrefix("›") && $0.contains("사랑") }
    }
    // Typed, then overridden with 4.
    try tmux.type("lobe")
    try tmux.type("\r")
    _ = try await tmux.waitForScreen("hard for one wrong letter") {
      $0.last?.hasPrefix("lo[b]e → lo[v]e   Hard?") == true
    }
    try tmux.type("4")
    _ = try await tmux.waitForScreen("the round's summary") { $0.contains("Round done") }
    try tmux.type("q")
    let service = try SQLiteWordService(path: process.databasePath)
    let book = try #require(try await service.fetchBooks().first { $0.title == "동사" })
    var ratings: [[Rating]] = []
    for word in try await service.fetchWords(in: book.id) {
      ratings.append(try await service.fetchReviews(of: word.id).map(\.rating))
    }
    #expect(ratings == [[.hard], [.good], [.easy]])
    // The choice to type is kept for the next session.
    #expect(try await service.studyPreferences().typingBooks == [book.id])
  }

  @Test func withoutEspeakPSaysWhichPackageToInstall() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    #expect(try await process.makeBook("동사", terms: ["쓰다듬다"]).count == 1)
    let tmux = try await study(process, path: process.folder.appendingPathComponent("none").path)
    _ = try await tmux.waitForScreen("the card") {
      $0.contains { $0.hasPrefix("›") && $0.contains("쓰다듬다") }
    }
    try tmux.type("p")
    _ = try await tmux.waitForScreen("the package to install") {
      $0.last?.hasPrefix("Saying words needs espeak-ng: install the espeak-ng package") == true
    }
    // The next key clears it.
    try tmux.type("j")
    _ = try await tmux.waitForScreen("the hint back") { $0.last?.hasPrefix("? help") == true }
    try tmux.type("q")
  }

  /// Reads `file` until `condition` holds of its text, for at most 20 seconds.
  private func waitForFile(_ file: URL, until condition: (String) -> Bool) async throws -> String {
    let deadline = ContinuousClock.now + .seconds(20)
    while true {
      let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
      if condition(text) { return text }
      guard ContinuousClock.now < deadline else {
        throw WordbookProcess.UnexpectedFailure(
          description: "\(file.lastPathComponent) holds: \(text)")
      }
      try await Task.sleep(for: .milliseconds(20))
    }
  }
}
