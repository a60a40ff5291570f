import Foundation
import Testing

/// Runs the built `wordbook` binary on a temporary database, as a script would.
@Suite struct WordbookCommandTests {
  private let sample = "1\tKorean basics\t12\n"

  private func expectUsageError(
    _ outcome: WordbookProcess.Outcome, _ fragment: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(outcome.status == 2, sourceLocation: sourceLocation)
    #expect(outcome.output.isEmpty, sourceLocation: sourceLocation)
    #expect(outcome.error.hasPrefix("wordbook: "), sourceLocation: sourceLocation)
    #expect(outcome.error.contains(fragment), sourceLocation: sourceLocation)
    #expect(outcome.error.filter { $0 == "\n" }.count == 1, sourceLocation: sourceLocation)
  }

  private func expectRuntimeError(
    _ outcome: WordbookProcess.Outcome, _ fragment: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(outcome.status == 1, sourceLocation: sourceLocation)
    #expect(outcome.error.hasPrefix("wordbook: "), sourceLocation: sourceLocation)
    #expect(outcome.error.contains(fragment), sourceLocation: sourceLocation)
    #expect(outcome.error.filter { $0 == "\n" }.count == 1, sourceLocation: sourceLocation)
  }

  @Test func helpAndVersion() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let help = try await process.run(["--help"])
    #expect(help.status == 0)
    #expect(help.output.contains("\n  add BOOK TERM MEANING "))
    #expect(help.error.isEmpty)
    let version = try await process.run(["--version"])
    #expect(version.status == 0)
    #expect(version.output == "wordbook 1.0.0\n")
  }

  @Test func usageErrorsExitWithTwoAndOneLine() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    expectUsageError(try await process.run(["frobnicate"]), "Run 'wordbook --help'")
    expectUsageError(try await process.run(["--frob"]), "unknown option '--frob'")
    expectUsageError(try await process.run(["add", "1", "term"]), "Usage: wordbook add BOOK TERM")
    expectUsageError(try await process.run(["words"]), "Usage: wordbook words BOOK")
    expectUsageError(try await process.run(["books", "--db"]), "--db needs a file path")
    expectUsageError(try await process.run(["stats", "a", "b"]), "takes at most 1")
    expectUsageError(
      try await process.run(["--db", process.databasePath, "study"]), "'study' needs a terminal")
    #expect(!FileManager.default.fileExists(atPath: process.databasePath + "-never"))
  }

  @Test func firstRunCreatesTheDatabaseWithTheSampleWordbook() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let books = try await process.run(["--db", process.databasePath, "books"])
    #expect(books.status == 0)
    #expect(books.output == sample)
    #expect(FileManager.default.fileExists(atPath: process.databasePath))
  }

  @Test func defaultDatabaseComesFromTheEnvironment() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let fromVariable = process.folder.appendingPathComponent("env.sqlite").path
    #expect(
      try await process.run(["books"], environment: ["WORDBOOK_DB": fromVariable]).output == sample)
    #expect(FileManager.default.fileExists(atPath: fromVariable))
    #expect(try await process.run(["books"]).status == 0)
    let xdg = process.folder.appendingPathComponent("data/wordbook/wordbook.sqlite").path
    #expect(FileManager.default.fileExists(atPath: xdg))
  }

  @Test func withoutATerminalNoArgumentsListsTheBooksAndAHint() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let outcome = try await process.run(["--db", process.databasePath])
    #expect(outcome.status == 0)
    #expect(outcome.output.hasPrefix(sample))
    #expect(outcome.output.contains("'wordbook --help'"))
  }

  @Test func newBookAddWordsAndStats() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let db = ["--db", process.databasePath]
    let created = try await process.run(db + ["new-book", "Verbs 動詞"])
    #expect(created.status == 0)
    #expect(created.output == "Created wordbook 2: Verbs 動詞\n")
    #expect(try await process.run(db + ["books"]).output == sample + "2\tVerbs 動詞\t0\n")

    #expect(try await process.run(db + ["add", "Verbs 動詞", "가다", "to go"]).status == 0)
    #expect(try await process.run(db + ["add", "2", "--", "-ing", "suffix"]).status == 0)
    #expect(try await process.run(db + ["add", "verbs 動詞", "오다", "to come"]).status == 0)
    let words = try await process.run(db + ["words", "2"])
    #expect(words.status == 0)
    let lines = words.output.split(separator: "\n").map { $0.split(separator: "\t").dropFirst() }
    #expect(
      lines.map(Array.init) == [
        ["not-studied", "가다", "to go"], ["not-studied", "-ing", "suffix"],
        ["not-studied", "오다", "to come"],
      ])

    let stats = try await process.run(db + ["stats"])
    #expect(
      stats.output == """
        1\tKorean basics\ttotal 12\tknown 0\tnot-known 0\tnot-studied 12
        2\tVerbs 動詞\ttotal 3\tknown 0\tnot-known 0\tnot-studied 3

        """)
    #expect(
      try await process.run(db + ["stats", "Verbs 動詞"]).output.hasPrefix("2\tVerbs 動詞\ttotal 3"))
  }

  @Test func runtimeErrorsExitWithOne() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let db = ["--db", process.databasePath]
    expectRuntimeError(try await process.run(db + ["words", "Nope"]), "Run 'wordbook books'")
    expectRuntimeError(try await process.run(db + ["add", "99", "a", "b"]), "no wordbook has")
    expectRuntimeError(try await process.run(db + ["stats", "Nope"]), "no wordbook has")
    expectRuntimeError(try await process.run(db + ["new-book", "   "]), "needs a title")
    expectRuntimeError(try await process.run(db + ["add", "1", " ", "blank"]), "needs a term")
    expectRuntimeError(try await process.run(db + ["replay", "/nonexistent/log"]), "cannot read")
    #expect(try await process.run(db + ["books"]).output == sample)
  }

  @Test func unusableDatabasesAreRuntimeErrors() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let notADatabase = process.folder.appendingPathComponent("notes.txt")
    try Data("these are my notes, not a database\n".utf8).write(to: notADatabase)
    expectRuntimeError(
      try await process.run(["--db", notADatabase.path, "books"]), notADatabase.path)
    let unchanged = try String(contentsOf: notADatabase, encoding: .utf8)
    #expect(unchanged == "these are my notes, not a database\n")
    expectRuntimeError(
      try await process.run(["--db", process.folder.path, "books"]), process.folder.path)
  }

  @Test func userTextIsEscapedInOutput() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let db = ["--db", process.databasePath]
    #expect(try await process.run(db + ["add", "1", "\u{1B}]0;pwned\u{7}", "x\ty"]).status == 0)
    let words = try await process.run(db + ["words", "1"])
    #expect(words.output.hasSuffix("\tnot-studied\t^[]0;pwned^G\tx^Iy\n"))
    #expect(!words.output.contains("\u{1B}"))
  }

  @Test func wordsAndExportReadABookOfSeveralPagesInOrder() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let count = 9_000
    let deck = process.folder.appendingPathComponent("deck.tsv")
    try Data((0..<count).map { "term \($0)\tmeaning \($0)\n" }.joined().utf8).write(to: deck)
    let db = ["--db", process.databasePath]
    #expect(try await process.run(db + ["import", deck.path, "--book", "Big"]).status == 0)

    let words = try await process.run(db + ["words", "Big"])
    #expect(words.status == 0)
    let terms = words.output.split(separator: "\n").map { String($0.split(separator: "\t")[2]) }
    #expect(terms == (0..<count).map { "term \($0)" })

    for format in ["anki", "csv", "quizlet"] {
      let file = process.folder.appendingPathComponent("big.\(format)").path
      let export = try await process.run(
        db + ["export", "Big", "--format", format, "--output", file])
      #expect(export.status == 0)
      #expect(export.output.contains("Exported \(count) words"))
      let text = try String(contentsOfFile: file, encoding: .utf8)
      #expect(text.components(separatedBy: "#separator:").count == (format == "anki" ? 2 : 1))
      #expect(text.components(separatedBy: "term,meaning").count == (format == "csv" ? 2 : 1))
      #expect(text.contains("term 4095") && text.contains("term 4096"))
      let reimport = try await process.run(db + ["import", file, "--book", "Again \(format)"])
      #expect(reimport.output.contains("\(count) added"))
    }
  }

  @Test func recordingIsForStudySessions() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let log = process.folder.appendingPathComponent("session.jsonl").path
    expectUsageError(
      try await process.run([
        "--db", process.databasePath, "--record", log, "add", "1", "가다", "to go",
      ]),
      "--record records a study session")
    #expect(!FileManager.default.fileExists(atPath: log))
  }

  @Test func replaySkipsALastLineCutOffByAKill() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let log = process.folder.appendingPathComponent("killed.jsonl")
    let complete = "{\"sequence\":1,\"origin\":\"caller\",\"action\":{\"kind\":\"loadBooks\"}}\n"
    try Data((complete + "{\"sequence\":2,\"orig").utf8).write(to: log)
    let replay = try await process.run(["replay", log.path])
    #expect(replay.status == 0)
    #expect(replay.output.hasPrefix("Replayed 1 action from \(log.path) (its cut-off last line"))
    #expect(replay.output.contains("books: 0 loading"))
  }

  @Test func replayRejectsALogItCannotRead() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let log = process.folder.appendingPathComponent("broken.jsonl")
    try Data(
      "{\"sequence\":1,\"origin\":\"caller\",\"action\":{\"kind\":\"loadBooks\"}}\nnot json\n".utf8
    )
    .write(to: log)
    expectRuntimeError(try await process.run(["replay", log.path]), "line 2")
  }
}
