import Foundation
import Testing

/// `wordbook import` and `wordbook export`, run as a script would.
@Suite struct CommandSessionInterchangeTests {
  private static let data = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("../shared/data").standardizedFileURL
  private static let hasData = FileManager.default.fileExists(atPath: data.path)

  @Test(.enabled(if: hasData, "../shared/data is absent; the real-file imports are skipped"))
  func importsRealAnkiAndQuizletExports() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let db = ["--db", process.databasePath]
    let anki = try await process.run(
      db + [
        "import", Self.data.appendingPathComponent("anki-export-flashcards-os/OS.txt").path,
        "--book", "OS",
      ])
    #expect(anki.status == 0)
    #expect(anki.output.contains("(anki) into wordbook 2 (OS): 65 added, 0 homonyms added"))
    #expect(anki.output.hasSuffix("0 rejected.\n"))

    let german = Self.data.appendingPathComponent("quizlet-pipe-sets/german__aqa__A2__unit6.txt")
    let quizlet = try await process.run(db + ["import", german.path, "--book", "German"])
    #expect(quizlet.status == 0)
    #expect(quizlet.output.contains("(quizlet) into wordbook 3 (German): 180 added"))
    #expect(quizlet.output.hasSuffix("1 rejected.\n"))
    #expect(
      quizlet.error
        == "rejected \(german.path), line 130 (“to harm (starts with b) belasten”): "
        + "no separator \"|\" between term and meaning\n")
  }

  @Test func importErrorsSayWhatToDo() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let db = ["--db", process.databasePath]
    let missing = try await process.run(db + ["import", "/nonexistent.csv", "--book", "B"])
    #expect(missing.status == 1)
    #expect(
      missing.error
        == "wordbook: cannot read /nonexistent.csv. Check the path and its permissions.\n")

    let latin1 = process.folder.appendingPathComponent("latin1.csv")
    try Data([0x61, 0x2C, 0x62, 0x0A, 0x63, 0x61, 0x66, 0xE9, 0x2C, 0x78, 0x0A]).write(to: latin1)
    let invalid = try await process.run(db + ["import", latin1.path, "--book", "B"])
    #expect(invalid.status == 1)
    #expect(invalid.error.contains("invalid byte at offset 7 (line 2)"))

    let noBook = try await process.run(db + ["import", latin1.path])
    #expect(noBook.status == 2)
    #expect(noBook.error.contains("'import' needs --book TITLE"))
    let policy = try await process.run(
      db + ["import", latin1.path, "--book", "B", "--on-duplicate", "x"])
    #expect(policy.status == 2)
    #expect(policy.error.contains("--on-duplicate must be one of skip, update, keep"))
    #expect(try await process.run(db + ["books"]).output == "1\tKorean basics\t12\n")
  }

  @Test func exportsTheStudyStates() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let db = ["--db", process.databasePath]
    let csv = try await process.run(db + ["export", "Korean basics"])
    #expect(csv.status == 0)
    let lines = csv.output.split(separator: "\n")
    #expect(lines.count == 13)
    #expect(lines.first == "term,meaning,state,image")
    #expect(lines.dropFirst().first == "안녕하세요,hello,not-studied,")

    let file = process.folder.appendingPathComponent("out.tsv").path
    let written = try await process.run(db + ["export", "1", "--output", file])
    #expect(
      written.output == "Exported 12 words of wordbook 1 (Korean basics) to \(file) as tsv.\n")
    #expect(
      try String(contentsOfFile: file, encoding: .utf8).hasPrefix("term\tmeaning\tstate\timage\n"))

    let unknown = try await process.run(db + ["export", "Nope"])
    #expect(unknown.status == 1)
    #expect(unknown.error.contains("Run 'wordbook books'"))
  }

  @Test func exportThenImportGivesBackTheWordsAndStates() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let db = ["--db", process.databasePath]
    let source = process.folder.appendingPathComponent("source.csv")
    let text =
      "term,meaning,state,image\n사과,apple,known,apple.png\n\"a, b\",\"two\nlines\",not-known,\n"
      + "배,pear,not-studied,\n"
    try Data(text.utf8).write(to: source)
    #expect(try await process.run(db + ["import", source.path, "--book", "Fruit"]).status == 0)
    // `words` lists the picture's file name, and the CSV export carries it back.
    #expect(try await process.run(db + ["words", "Fruit"]).output.contains("\tapple\tapple.png\n"))
    let original = try await process.run(db + ["export", "Fruit"]).output
    #expect(original == (try String(contentsOf: source, encoding: .utf8)))

    // CSV and TSV carry the picture; Anki text has no place for it.
    let withoutPicture = original.replacingOccurrences(of: "apple.png", with: "")
    for format in ["anki", "csv", "tsv"] {
      let file = process.folder.appendingPathComponent("fruit.\(format)").path
      let exported = try await process.run(
        db + ["export", "Fruit", "--format", format, "--output", file])
      #expect(exported.status == 0, "\(format): \(exported.error)")
      let imported = try await process.run(
        db + ["import", file, "--book", "Fruit \(format)", "--format", format])
      #expect(imported.status == 0, "\(format): \(imported.error)")
      // The app knows its own header row: nothing to say about line 1.
      #expect(imported.error == "", "\(format)")
      let again = try await process.run(db + ["export", "Fruit \(format)"]).output
      #expect(again == (format == "anki" ? withoutPicture : original), "\(format)")
    }

    // Quizlet cannot quote: a card whose fields hold a separator is refused, naming the card.
    let quizlet = try await process.run(db + ["export", "Fruit", "--format", "quizlet"])
    #expect(quizlet.status == 1)
    #expect(quizlet.error.contains("card 2 contains the separator newline"))
    #expect(quizlet.error.contains("Choose another with --card-separator"))
    // The option the message names is there, and the same option reads the file back.
    let semicolons = process.folder.appendingPathComponent("fruit-cards.txt").path
    let separated = try await process.run(
      db + [
        "export", "Fruit", "--format", "quizlet", "--card-separator", "semicolon", "--output",
        semicolons,
      ])
    #expect(separated.status == 0, "\(separated.error)")
    let readBack = try await process.run(
      db + [
        "import", semicolons, "--book", "Fruit cards", "--format", "quizlet", "--card-separator",
        "semicolon",
      ])
    #expect(readBack.status == 0, "\(readBack.error)")
    #expect(try await process.run(db + ["export", "Fruit cards"]).output == withoutPicture)
    // The states as earlier versions wrote them are read; the export writes today's spelling.
    let simple = process.folder.appendingPathComponent("simple.csv")
    try Data("term,meaning,state,image\n사과,apple,success,\n배,pear,fail,\n".utf8).write(to: simple)
    #expect(try await process.run(db + ["import", simple.path, "--book", "Simple"]).status == 0)
    let cards = process.folder.appendingPathComponent("simple.txt").path
    #expect(
      try await process.run(db + ["export", "Simple", "--format", "quizlet", "--output", cards])
        .status
        == 0)
    #expect(
      try await process.run(
        db + ["import", cards, "--book", "Simple again", "--format", "quizlet"]
      )
      .status == 0)
    #expect(
      try await process.run(db + ["export", "Simple again"]).output
        == "term,meaning,state,image\n사과,apple,known,\n배,pear,not-known,\n")
  }

  @Test func duplicatesAreSkippedUpdatedOrKeptAndHomonymsAdded() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let db = ["--db", process.databasePath]
    let first = process.folder.appendingPathComponent("first.csv")
    try Data("사과,apple\n배,pear\n".utf8).write(to: first)
    let second = process.folder.appendingPathComponent("second.csv")
    try Data("사과,apple,success\n사과,an apple\n".utf8).write(to: second)
    let plain = process.folder.appendingPathComponent("plain.csv")
    try Data("사과,apple\n".utf8).write(to: plain)
    #expect(try await process.run(db + ["import", first.path, "--book", "F"]).status == 0)
    let skipped = try await process.run(db + ["import", second.path, "--book", "F"])
    #expect(
      skipped.output.contains(
        ": 0 added, 1 homonym added, 0 updated, 0 unchanged, 1 duplicate skipped, 0 rejected."))
    let update = db + ["import", "--book", "F", "--on-duplicate", "update"]
    let updated = try await process.run(update + [second.path])
    #expect(updated.output.contains(": 0 added, 0 homonyms added, 1 updated, 1 unchanged,"))
    // A row without a state, or with the same one, changes nothing: the mark stays.
    let again = try await process.run(update + [second.path])
    #expect(again.output.contains(": 0 added, 0 homonyms added, 0 updated, 2 unchanged,"))
    let unmarked = try await process.run(update + [plain.path])
    #expect(unmarked.output.contains(": 0 added, 0 homonyms added, 0 updated, 1 unchanged,"))
    let kept = try await process.run(
      db + ["import", second.path, "--book", "F", "--on-duplicate=keep"])
    #expect(kept.output.contains(": 0 added, 0 homonyms added, 0 updated, 0 unchanged, 2 dup"))
    #expect(kept.output.contains("2 duplicates added again, 0 rejected."))
    let words = try await process.run(db + ["words", "F"]).output.split(separator: "\n")
      .map { $0.split(separator: "\t").dropFirst().joined(separator: " ") }
    #expect(
      words == [
        "known 사과 apple", "not-studied 배 pear", "not-studied 사과 an apple",
        "known 사과 apple", "not-studied 사과 an apple",
      ])
  }

  @Test func everyMeaningOfATermIsKeptAndASecondImportAddsNothing() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let db = ["--db", process.databasePath]
    let file = process.folder.appendingPathComponent("man.tsv")
    // 만 with five meanings, and one line repeated, as in a real Korean word list.
    let meanings = ["ten thousand", "only", "just", "after (time)", "bay", "only"]
    try Data(meanings.map { "만\t\($0)\n" }.joined().utf8).write(to: file)
    let first = try await process.run(db + ["import", file.path, "--book", "K"])
    #expect(
      first.output.hasSuffix(
        ": 1 added, 4 homonyms added, 0 updated, 0 unchanged, 1 duplicate skipped, 0 rejected.\n"
      ))
    let second = try await process.run(db + ["import", file.path, "--book", "K"])
    #expect(second.output.contains(": 0 added, 0 homonyms added, 0 updated, 0 unchanged, 6 dup"))
    #expect(try await process.run(db + ["books"]).output.hasSuffix("2\tK\t5\n"))
  }

  @Test func aWideFileWithoutKnownHeaderIsRefusedUntilItsColumnsAreChosen() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let db = ["--db", process.databasePath]
    let file = process.folder.appendingPathComponent("wide.tsv")
    let header = "wordid\tword\tsyn\tdef\tex\tpos\tlevel\tfreq\ttopic\tnote\u{1B}[2J\tsrc\n"
    let rows = "1\t만\t\tten thousand\t\tn\t1\t9\tnum\t\tx\n2\t물\t\twater\t\tn\t1\t8\t\t\tx\n"
    try Data((header + rows).utf8).write(to: file)
    let refused = try await process.run(db + ["import", file.path, "--book", "W"])
    #expect(refused.status == 1)
    #expect(refused.output == "")
    #expect(
      refused.error.contains(
        "the first row has 11 columns (\"wordid\", \"word\", \"syn\", \"def\", \"ex\""))
    #expect(refused.error.contains("\"note^[[2J\""))
    #expect(!refused.error.contains("\u{1B}"))
    #expect(refused.error.contains("--term-column and --meaning-column"))
    #expect(refused.error.contains("--header or --no-header"))
    #expect(try await process.run(db + ["books"]).output == "1\tKorean basics\t12\n")

    let named = try await process.run(
      db + ["import", file.path, "--book", "W", "--term-column", "word", "--meaning-column=def"])
    #expect(named.status == 0, "\(named.error)")
    #expect(named.output.contains(": 2 added,"))
    let numbered = try await process.run(
      db + [
        "import", file.path, "--book", "N", "--header", "--term-column", "2", "--meaning-column",
        "4",
      ])
    #expect(numbered.output.contains(": 2 added,"), "\(numbered.error)")
    let words = try await process.run(db + ["words", "N"]).output
    #expect(words.contains("만\tten thousand") && words.contains("물\twater"))
    #expect(!words.contains("wordid"))

    let unknown = try await process.run(
      db + ["import", file.path, "--book", "U", "--term-column", "lemma", "--meaning-column", "4"])
    #expect(unknown.status == 1)
    #expect(unknown.error.contains("no column is named \"lemma\" in the header row"))
    let both = try await process.run(
      db + ["import", file.path, "--book", "U", "--header", "--no-header"])
    #expect(both.status == 2)
  }

  @Test func aFileWithoutCardsExitsOneAndCreatesNoBook() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let db = ["--db", process.databasePath]
    let empty = process.folder.appendingPathComponent("empty.csv")
    try Data().write(to: empty)
    let junk = process.folder.appendingPathComponent("junk.txt")
    try Data("justwords\nnothing\n".utf8).write(to: junk)
    let dump = process.folder.appendingPathComponent("dump.sql")
    try Data(
      """
      PRAGMA foreign_keys=OFF;
      BEGIN TRANSACTION;
      CREATE TABLE words (
        id INTEGER PRIMARY KEY,
        term TEXT NOT NULL
      );
      INSERT INTO words VALUES(1,'사과');
      COMMIT;

      """.utf8
    ).write(to: dump)
    for file in [empty, junk] {
      let result = try await process.run(db + ["import", file.path, "--book", "Nothing"])
      #expect(result.status == 1, "\(file.lastPathComponent)")
      #expect(result.output == "")
      #expect(result.error.contains("no card to import in"), "\(result.error)")
      #expect(result.error.contains("the wordbook was not changed."))
    }
    let tab = try await process.run(
      db + ["import", junk.path, "--book", "Nothing", "--separator", "tab"])
    #expect(
      tab.error.hasPrefix(
        "rejected \(junk.path), line 1 (“justwords”): no separator (tab) between term and meaning\n"
      ))
    let blank = try await process.run(db + ["import", dump.path, "--book", " ", "--format", "csv"])
    #expect(blank.status == 1)
    #expect(!blank.error.contains("no card"), "\(blank.error)")
    let sql = try await process.run(db + ["import", dump.path, "--book", "Nothing"])
    #expect(sql.status == 1)
    #expect(sql.error.contains("dump.sql: the file is an SQL script"))
    #expect(try await process.run(db + ["books"]).output == "1\tKorean basics\t12\n")
  }

  @Test func oldMacLineEndsAreLineEnds() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let file = process.folder.appendingPathComponent("mac.csv")
    try Data("사과,apple\r배,pear\r포도,grape\r".utf8).write(to: file)
    let imported = try await process.run(
      ["--db", process.databasePath, "import", file.path, "--book", "Mac"])
    #expect(imported.output.contains(": 3 added,"), "\(imported.error)")
    let words = try await process.run(["--db", process.databasePath, "words", "Mac"]).output
    #expect(!words.contains("\r"))
    #expect(words.split(separator: "\n").count == 3)
  }

  @Test func aQuizletCardThatLooksLikeAHeaderIsNamedAndCanBeImported() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let db = ["--db", process.databasePath]
    // Quizlet's export: tab between term and definition, the first card `word`/`definition`.
    let file = process.folder.appendingPathComponent("quizlet.txt")
    try Data("word\tdefinition\n사과\tapple\n".utf8).write(to: file)
    let detected = try await process.run(db + ["import", file.path, "--book", "Q"])
    #expect(detected.output.contains(": 1 added,"))
    #expect(
      detected.error
        == "line 1 was read as the header row (\"word\", \"definition\"); pass --no-header to "
        + "import it as a card\n")
    let asCard = try await process.run(db + ["import", file.path, "--book", "Q", "--no-header"])
    #expect(asCard.output.contains(": 1 added, 0 homonyms added, 0 updated, 0 unchanged, 1 dup"))
    #expect(asCard.error == "")
  }

  @Test func aLineLongerThanOneMebibyteIsRejectedWithItsLineNumber() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let file = process.folder.appendingPathComponent("long.csv")
    let long = String(repeating: "x", count: 1_100_000)
    try Data("사과,apple\n배,pear\n\(long),huge\n포도,grape\n".utf8).write(to: file)
    let imported = try await process.run(
      ["--db", process.databasePath, "import", file.path, "--book", "Long"])
    #expect(imported.status == 0, "\(imported.error)")
    #expect(
      imported.output.hasSuffix(
        ": 3 added, 0 homonyms added, 0 updated, 0 unchanged, "
          + "0 duplicates skipped, 1 rejected.\n"))
    #expect(
      imported.error
        == "rejected \(file.path), line 3 (“\(long.prefix(40))…”): longer than 1 MiB; it was "
        + "skipped (split it, or check the file is text)\n")
    let words = try await process.run(["--db", process.databasePath, "words", "Long"]).output
    #expect(words.split(separator: "\n").count == 3)
    #expect(words.contains("포도"))
  }

  @Test func filePathsAreEscapedInEveryImportMessage() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let db = ["--db", process.databasePath]
    let name = "deck\u{1B}]0;owned\u{7}.csv"
    let file = process.folder.appendingPathComponent(name)
    try Data("사과,apple\n".utf8).write(to: file)
    let imported = try await process.run(db + ["import", file.path, "--book", "Deck"])
    #expect(imported.status == 0, "\(imported.error)")
    #expect(imported.output.contains("deck^[]0;owned^G.csv (csv)"))
    #expect(!imported.output.contains("\u{1B}"))

    let missing = try await process.run(
      db + ["import", process.folder.appendingPathComponent("no\u{1B}[2J.csv").path, "--book", "D"])
    #expect(missing.status == 1)
    #expect(missing.error.contains("no^[[2J.csv. Check the path"))
    #expect(!missing.error.contains("\u{1B}"))

    let latin1 = process.folder.appendingPathComponent("bad\u{1B}[31m.csv")
    try Data([0x61, 0x2C, 0xE9, 0x0A]).write(to: latin1)
    let invalid = try await process.run(db + ["import", latin1.path, "--book", "D"])
    #expect(invalid.status == 1)
    #expect(invalid.error.contains("bad^[[31m.csv: the file is not UTF-8"))
    #expect(!invalid.error.contains("\u{1B}"))
  }

  @Test func aFileOfJunkLinesListsTheFirstTenThousandRejections() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let file = process.folder.appendingPathComponent("junk.tsv")
    try Data(("term\tmeaning\n사과\tapple\n" + String(repeating: "junk\n", count: 10_005)).utf8)
      .write(to: file)
    let imported = try await process.run(
      ["--db", process.databasePath, "import", file.path, "--book", "Junk"])
    #expect(imported.status == 0, "\(imported.error)")
    #expect(
      imported.output.hasSuffix(
        ": 1 added, 0 homonyms added, 0 updated, 0 unchanged, "
          + "0 duplicates skipped, 10005 rejected.\n"))
    let lines = imported.error.split(separator: "\n")
    #expect(lines.first?.hasPrefix("line 1 was read as the header row") == true)
    #expect(
      lines.dropFirst().first
        == "rejected \(file.path), line 3 (“junk”): no separator (tab) between term and meaning")
    #expect(lines.count == 1 + 10_000 + 1)
    #expect(lines.last == "rejected 5 more lines, not listed")
  }
}
