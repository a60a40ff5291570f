import Testing
import Wordbook
import WordbookInterchange

@testable import WordbookTerminal

@Suite struct CommandLineParserTests {
  @Test func noArgumentsOpensTheStudyScreen() throws {
    #expect(try CommandLineParser.parse([]) == Invocation(command: InteractiveCommand()))
  }

  @Test func readsEverySubcommand() throws {
    #expect(try CommandLineParser.parse(["books"]) == Invocation(command: BooksCommand()))
    #expect(
      try CommandLineParser.parse(["new-book", "동사"])
        == Invocation(command: NewBookCommand(title: "동사")))
    #expect(
      try CommandLineParser.parse(["add", "1", "가다", "to go"])
        == Invocation(command: AddCommand(book: "1", term: "가다", meaning: "to go")))
    #expect(
      try CommandLineParser.parse(["words", "Verbs"])
        == Invocation(command: WordsCommand(book: "Verbs")))
    #expect(try CommandLineParser.parse(["stats"]) == Invocation(command: StatsCommand(book: nil)))
    #expect(
      try CommandLineParser.parse(["stats", "2"]) == Invocation(command: StatsCommand(book: "2")))
    #expect(try CommandLineParser.parse(["study"]) == Invocation(command: StudyCommand(book: nil)))
    #expect(
      try CommandLineParser.parse(["study", "x"]) == Invocation(command: StudyCommand(book: "x")))
    #expect(
      try CommandLineParser.parse(["replay", "log"])
        == Invocation(command: ReplayCommand(file: "log")))
    #expect(try CommandLineParser.parse(["help"]) == Invocation(command: HelpCommand()))
  }

  @Test func readsTheEditingSubcommands() throws {
    #expect(
      try CommandLineParser.parse(["edit", "2", "7", "--term", "가다"])
        == Invocation(command: EditCommand(book: "2", word: Word.ID(7), term: "가다", meaning: nil)))
    #expect(
      try CommandLineParser.parse(["edit", "B", "7", "--meaning=x", "--term", "t"])
        == Invocation(command: EditCommand(book: "B", word: Word.ID(7), term: "t", meaning: "x")))
    #expect(
      try CommandLineParser.parse(["delete", "B", "7", "8"])
        == Invocation(command: DeleteCommand(book: "B", words: [Word.ID(7), Word.ID(8)])))
    #expect(
      try CommandLineParser.parse(["rename-book", "1", "새 제목"])
        == Invocation(command: RenameBookCommand(book: "1", title: "새 제목")))
    #expect(
      try CommandLineParser.parse(["delete-book", "1"])
        == Invocation(command: DeleteBookCommand(book: "1", confirmed: false)))
    #expect(
      try CommandLineParser.parse(["delete-book", "--yes", "1"])
        == Invocation(command: DeleteBookCommand(book: "1", confirmed: true)))
    #expect(
      try CommandLineParser.parse(["delete-book", "--", "--yes"])
        == Invocation(command: DeleteBookCommand(book: "--yes", confirmed: false)))
    #expect(
      try CommandLineParser.parse(["search", "사랑"])
        == Invocation(command: SearchCommand(query: "사랑", book: nil)))
    #expect(
      try CommandLineParser.parse(["search", "a", "--book", "title:2"])
        == Invocation(command: SearchCommand(query: "a", book: "title:2")))
  }

  @Test func readsImportAndExportOptions() throws {
    #expect(
      try CommandLineParser.parse([
        "import", "cards.txt", "--book", "단어", "--format", "quizlet", "--separator=pipe",
        "--on-duplicate", "update", "--db", "d",
      ])
        == Invocation(
          command: ImportCommand(
            file: "cards.txt", bookTitle: "단어", format: .quizlet, separator: "pipe",
            duplicates: .update),
          databasePath: "d"))
    #expect(
      try CommandLineParser.parse(["import", "--book", "B", "--", "--odd.csv"])
        == Invocation(command: ImportCommand(file: "--odd.csv", bookTitle: "B")))
    #expect(
      try CommandLineParser.parse([
        "import", "w.tsv", "--no-header", "--book", "B", "--term-column", "2",
        "--meaning-column=def", "--state-column", "3a",
      ])
        == Invocation(
          command: ImportCommand(
            file: "w.tsv", bookTitle: "B", header: .absent, termColumn: .number(2),
            meaningColumn: .named("def"), studyStateColumn: .named("3a"))))
    #expect(
      try CommandLineParser.parse(["import", "--header", "--book", "B", "--", "--header"])
        == Invocation(command: ImportCommand(file: "--header", bookTitle: "B", header: .present)))
    #expect(throws: UsageError.self) {
      try CommandLineParser.parse(["import", "f", "--book", "B", "--header", "--no-header"])
    }
    #expect(
      try CommandLineParser.parse(["export", "B", "--output", "b.tsv"])
        == Invocation(command: ExportCommand(book: "B", output: "b.tsv")))
    let quizlet = try CommandLineParser.parse([
      "export", "B", "--format", "quizlet", "--separator", "pipe", "--card-separator=;",
    ])
    #expect(
      quizlet
        == Invocation(
          command: ExportCommand(book: "B", format: .quizlet, separator: "pipe", cardSeparator: ";")
        ))
    #expect(
      ExportCommand(book: "B", separator: "pipe", cardSeparator: "newline").writeOptions
        == FlashcardWriteOptions(separator: "|", cardSeparator: "\n"))
    #expect(ExportCommand(book: "B", output: "b.tsv").resolvedFormat == .tsv)
    #expect(ExportCommand(book: "B", output: "b.txt").resolvedFormat == .csv)
    #expect(ExportCommand(book: "B", format: .anki, output: "b.csv").resolvedFormat == .anki)
  }

  @Test func globalOptionsGoAnywhere() throws {
    let expected = Invocation(
      command: StudyCommand(book: "B"), databasePath: "/tmp/d", recordPath: "r.jsonl")
    #expect(
      try CommandLineParser.parse(["--db", "/tmp/d", "study", "B", "--record", "r.jsonl"])
        == expected)
    #expect(
      try CommandLineParser.parse(["study", "--db=/tmp/d", "--record=r.jsonl", "B"])
        == expected)
    #expect(
      try CommandLineParser.parse(["words", "--db=/tmp/d", "B"])
        == Invocation(command: WordsCommand(book: "B"), databasePath: "/tmp/d"))
  }

  @Test func recordingIsOnlyForTheStudyScreen() {
    #expect(throws: UsageError.self) {
      try CommandLineParser.parse(["--record", "r.jsonl", "words", "B"])
    }
    #expect(throws: Never.self) { try CommandLineParser.parse(["--record", "r.jsonl"]) }
  }

  @Test func helpAndVersionWin() throws {
    #expect(try CommandLineParser.parse(["--help"]) == Invocation(command: HelpCommand()))
    #expect(try CommandLineParser.parse(["-h"]) == Invocation(command: HelpCommand()))
    #expect(try CommandLineParser.parse(["add", "--help"]) == Invocation(command: HelpCommand()))
    #expect(try CommandLineParser.parse(["--version"]) == Invocation(command: VersionCommand()))
  }

  @Test func doubleDashLetsValuesStartWithADash() throws {
    #expect(
      try CommandLineParser.parse(["add", "B", "--", "-ing", "suffix"])
        == Invocation(command: AddCommand(book: "B", term: "-ing", meaning: "suffix")))
    #expect(
      try CommandLineParser.parse(["add", "--", "B", "--db", "x"])
        == Invocation(command: AddCommand(book: "B", term: "--db", meaning: "x")))
  }

  @Test(arguments: [
    (["frobnicate"], "unknown subcommand 'frobnicate'"),
    (["--frob"], "unknown option '--frob'"),
    (["add", "B", "t"], "'add' is missing arguments. Usage: wordbook add BOOK TERM MEANING"),
    (["books", "extra"], "'books' takes at most 0 arguments"),
    (["words", "-x"], "unknown option '-x' for 'words'"),
    (["--db"], "--db needs a file path"),
    (["--db=", "books"], "--db needs a file path"),
    (["new-book"], "'new-book' is missing arguments"),
    (["import", "f"], "'import' needs --book TITLE"),
    (["import", "f", "--book"], "--book needs a value"),
    (["import", "f", "--book", "a", "--book", "b"], "--book is given twice"),
    (["import", "f", "--book", "a", "--format", "yaml"], "--format must be one of anki, quizlet"),
    (["export", "B", "--frob", "x"], "unknown option '--frob' for 'export'"),
    (["export"], "'export' is missing arguments"),
    (["edit", "B", "7"], "'edit' needs --term, --meaning or both"),
    (["edit", "B", "x7", "--term", "t"], "WORD_ID must be a word's ID"),
    (["edit", "B", "0", "--term", "t"], "WORD_ID must be a word's ID"),
    (["delete", "B"], "'delete' is missing arguments"),
    (["delete", "B", "1", "-2"], "unknown option '-2' for 'delete'"),
    (["rename-book", "B"], "'rename-book' is missing arguments"),
    (["delete-book", "B", "--force"], "unknown option '--force' for 'delete-book'"),
    (["search"], "'search' is missing arguments"),
  ])
  func rejectsBadCommandLines(arguments: [String], message: String) {
    #expect {
      try CommandLineParser.parse(arguments)
    } throws: { error in
      guard let error = error as? UsageError else { return false }
      return error.message.contains(message) && !error.message.contains("\n")
    }
  }

  @Test func usageListsEverySubcommandWithin80Columns() {
    for subcommand in SubcommandRegistry.all {
      #expect(CommandLineParser.usage.contains("\n  \(subcommand.name) "))
      #expect(CommandLineParser.usage.contains(subcommand.summary))
    }
    for line in CommandLineParser.usage.split(separator: "\n") {
      #expect(line.count <= 80, "\(line)")
    }
    #expect(CommandLineParser.usage.contains("title:TEXT"))
  }
}
