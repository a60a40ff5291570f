import Foundation
import Testing

/// `wordbook import` and `wordbook export`, run as a script would.
@Suite struct CommandSessionInterchangeTests {
  private static let data = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("../shared/data").standardizedFileURL
  private static let hasData = FileManager.default.fileExists(atPath: data.path)

  @Test(.enabled(if: hasData, "../shared/data is absent; the real-file imports are skipped"))
  func importsRealAnkiAndQuizletExports() throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let db = ["--db", process.databasePath]
    let anki = try process.run(
      db + [
        "import", Self.data.appendingPathComponent("anki-export-flashcards-os/OS.txt").path,
        "--book", "OS",
      ])
    #expect(anki.status == 0)
    #expect(anki.output.contains("(anki) into wordbook 2 (OS): 65 added, 0 updated"))
    #expect(anki.output.hasSuffix("0 rejected.\n"))

    let german = Self.data.appendingPathComponent("quizlet-pipe-sets/german__aqa__A2__unit6.txt")
    let quizlet = try process.run(db + ["import", german.path, "--book", "German"])
    #expect(quizlet.status == 0)
    #expect(quizlet.output.contains("(quizlet) into wordbook 3 (German): 180 added"))
    #expect(
      quizlet.output.hasSuffix(
        "1 rejected.\nrejected line 130: no separator \"|\" between term and meaning\n"))
  }

  @Test func importErrorsSayWhatToDo() throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let db = ["--db", process.databasePath]
    let missing = try process.run(db + ["import", "/nonexistent.csv", "--book", "B"])
    #expect(missing.status == 1)
    #expect(
      missing.error
        == "wordbook: cannot read /nonexistent.csv. Check the path and its permissions.\n")

    let latin1 = process.folder.appendingPathComponent("latin1.csv")
    try Data([0x61, 0x2C, 0x62, 0x0A, 0x63, 0x61, 0x66, 0xE9, 0x2C, 0x78, 0x0A]).write(to: latin1)
    let invalid = try process.run(db + ["import", latin1.path, "--book", "B"])
    #expect(invalid.status == 1)
    #expect(invalid.error.contains("invalid byte at offset 7 (line 2)"))

    let noBook = try process.run(db + ["import", latin1.path])
    #expect(noBook.status == 2)
    #expect(noBook.error.contains("'import' needs --book TITLE"))
    let policy = try process.run(
      db + ["import", latin1.path, "--book", "B", "--on-duplicate", "x"])
    #expect(policy.status == 2)
    #expect(policy.error.contains("--on-duplicate must be one of skip, update, keep"))
    #expect(try process.run(db + ["books"]).output == "1\tKorean basics\t12\n")
  }

  @Test func exportsTheStudyStates() throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let db = ["--db", process.databasePath]
    let csv = try process.run(db + ["export", "Korean basics"])
    #expect(csv.status == 0)
    let lines = csv.output.split(separator: "\n")
    #expect(lines.count == 13)
    #expect(lines.first == "term,meaning,state")
    #expect(lines.dropFirst().first == "안녕하세요,hello,notStudied")

    let file = process.folder.appendingPathComponent("out.tsv").path
    let written = try process.run(db + ["export", "1", "--output", file])
    #expect(
      written.output == "Exported 12 words of wordbook 1 (Korean basics) to \(file) as tsv.\n")
    #expect(try String(contentsOfFile: file, encoding: .utf8).hasPrefix("term\tmeaning\tstate\n"))

    let unknown = try process.run(db + ["export", "Nope"])
    #expect(unknown.status == 1)
    #expect(unknown.error.contains("Run 'wordbook books'"))
  }

  @Test func exportThenImportGivesBackTheWordsAndStates() throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let db = ["--db", process.databasePath]
    let source = process.folder.appendingPathComponent("source.csv")
    try Data(
      "term,meaning,state\n사과,apple,success\n\"a, b\",\"two\nlines\",fail\n배,pear,notStudied\n".utf8
    ).write(to: source)
    #expect(try process.run(db + ["import", source.path, "--book", "Fruit"]).status == 0)
    let original = try process.run(db + ["export", "Fruit"]).output
    #expect(original == (try String(contentsOf: source, encoding: .utf8)))

    for format in ["anki", "csv", "tsv"] {
      let file = process.folder.appendingPathComponent("fruit.\(format)").path
      let exported = try process.run(
        db + ["export", "Fruit", "--format", format, "--output", file])
      #expect(exported.status == 0, "\(format): \(exported.error)")
      let imported = try process.run(
        db + ["import", file, "--book", "Fruit \(format)", "--format", format])
      #expect(imported.status == 0, "\(format): \(imported.error)")
      #expect(try process.run(db + ["export", "Fruit \(format)"]).output == original, "\(format)")
    }

    // Quizlet cannot quote: a card whose fields hold a separator is refused, naming the card.
    let quizlet = try process.run(db + ["export", "Fruit", "--format", "quizlet"])
    #expect(quizlet.status == 1)
    #expect(quizlet.error.contains("card 2 contains the separator"))
    let simple = process.folder.appendingPathComponent("simple.csv")
    try Data("term,meaning,state\n사과,apple,success\n배,pear,fail\n".utf8).write(to: simple)
    #expect(try process.run(db + ["import", simple.path, "--book", "Simple"]).status == 0)
    let cards = process.folder.appendingPathComponent("simple.txt").path
    #expect(
      try process.run(db + ["export", "Simple", "--format", "quizlet", "--output", cards]).status
        == 0)
    #expect(
      try process.run(db + ["import", cards, "--book", "Simple again", "--format", "quizlet"])
        .status == 0)
    #expect(
      try process.run(db + ["export", "Simple again"]).output
        == (try String(contentsOf: simple, encoding: .utf8)))
  }

  @Test func duplicatesAreSkippedUpdatedOrKept() throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let db = ["--db", process.databasePath]
    let first = process.folder.appendingPathComponent("first.csv")
    try Data("사과,apple\n배,pear\n".utf8).write(to: first)
    let second = process.folder.appendingPathComponent("second.csv")
    try Data("사과,an apple,success\n".utf8).write(to: second)
    #expect(try process.run(db + ["import", first.path, "--book", "F"]).status == 0)
    let skipped = try process.run(db + ["import", second.path, "--book", "F"])
    #expect(skipped.output.contains("0 added, 0 updated, 1 skipped as duplicates"))
    let updated = try process.run(
      db + ["import", second.path, "--book", "F", "--on-duplicate", "update"])
    #expect(updated.output.contains("0 added, 1 updated, 0 skipped"))
    let kept = try process.run(db + ["import", second.path, "--book", "F", "--on-duplicate=keep"])
    #expect(kept.output.contains("1 added, 0 updated, 0 skipped"))
    let words = try process.run(db + ["words", "F"]).output.split(separator: "\n")
      .map { $0.split(separator: "\t").dropFirst().joined(separator: " ") }
    #expect(words == ["success 사과 an apple", "not-studied 배 pear", "success 사과 an apple"])
  }

  @Test func aLineLongerThanOneMebibyteIsRejectedWithItsLineNumber() throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let file = process.folder.appendingPathComponent("long.csv")
    let long = String(repeating: "x", count: 1_100_000)
    try Data("사과,apple\n배,pear\n\(long),huge\n포도,grape\n".utf8).write(to: file)
    let imported = try process.run(
      ["--db", process.databasePath, "import", file.path, "--book", "Long"])
    #expect(imported.status == 0, "\(imported.error)")
    #expect(imported.output.contains(": 3 added, 0 updated, 0 skipped as duplicates, 1 rejected."))
    #expect(
      imported.output.hasSuffix(
        "rejected line 3: longer than 1 MiB; it was skipped (split it, or check the file is text)\n"
      ))
    let words = try process.run(["--db", process.databasePath, "words", "Long"]).output
    #expect(words.split(separator: "\n").count == 3)
    #expect(words.contains("포도"))
  }

  @Test func filePathsAreEscapedInEveryImportMessage() throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let db = ["--db", process.databasePath]
    let name = "deck\u{1B}]0;owned\u{7}.csv"
    let file = process.folder.appendingPathComponent(name)
    try Data("사과,apple\n".utf8).write(to: file)
    let imported = try process.run(db + ["import", file.path, "--book", "Deck"])
    #expect(imported.status == 0, "\(imported.error)")
    #expect(imported.output.contains("deck^[]0;owned^G.csv (csv)"))
    #expect(!imported.output.contains("\u{1B}"))

    let missing = try process.run(
      db + ["import", process.folder.appendingPathComponent("no\u{1B}[2J.csv").path, "--book", "D"])
    #expect(missing.status == 1)
    #expect(missing.error.contains("no^[[2J.csv. Check the path"))
    #expect(!missing.error.contains("\u{1B}"))

    let latin1 = process.folder.appendingPathComponent("bad\u{1B}[31m.csv")
    try Data([0x61, 0x2C, 0xE9, 0x0A]).write(to: latin1)
    let invalid = try process.run(db + ["import", latin1.path, "--book", "D"])
    #expect(invalid.status == 1)
    #expect(invalid.error.contains("bad^[[31m.csv: the file is not UTF-8"))
    #expect(!invalid.error.contains("\u{1B}"))
  }

  @Test func aFileOfJunkLinesListsTheFirstTenThousandRejections() throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let file = process.folder.appendingPathComponent("junk.tsv")
    try Data(("term\tmeaning\n사과\tapple\n" + String(repeating: "junk\n", count: 10_005)).utf8)
      .write(to: file)
    let imported = try process.run(
      ["--db", process.databasePath, "import", file.path, "--book", "Junk"])
    #expect(imported.status == 0, "\(imported.error)")
    let lines = imported.output.split(separator: "\n")
    #expect(
      lines.first?.hasSuffix(": 1 added, 0 updated, 0 skipped as duplicates, 10005 rejected.")
        == true)
    #expect(
      lines.dropFirst().first == "rejected line 3: no separator (tab) between term and meaning")
    #expect(lines.count == 1 + 10_000 + 1)
    #expect(lines.last == "rejected 5 more lines, not listed")
  }
}
