#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The database of one ``CommandScenario`` run and the commands measured on it: a book of N
/// words imported by `wordbook import`, the TSV file it came from, and the `sqlite3` shell.
@MainActor
struct CommandFixture {
  /// One subcommand and its `sqlite3` baseline, each a run that checks its own output.
  struct Case {
    /// Names the measurements: `wordbook.<ours>` and `sqlite3.<baseline>`.
    var ours: String
    var baseline: String
    /// The limit on the ratio of the medians.
    var limit: Double
    /// The limit on the peak memory of `wordbook`, in bytes, if any.
    var memoryLimit: Double?
    var runOurs: () throws -> MeasuredRun
    var runBaseline: () throws -> MeasuredRun
  }

  let size: Int
  let wordbook: String
  let shell: String
  let folder: ScratchFolder
  let errors: String
  let tsv: String
  let tsvBytes: Int
  let database: String
  /// The benchmark book's ID and the highest word ID, as the shell prints them.
  let book: String
  let lastWord: String

  /// Builds the book with `wordbook import` and checks that it holds `size` words.
  init(size: Int, wordbook: String, shell: String, folder: ScratchFolder) throws {
    self.size = size
    self.wordbook = wordbook
    self.shell = shell
    self.folder = folder
    errors = folder.file("stderr.txt")
    tsv = folder.file("words.tsv")
    try CommandScenario.writeWords(to: tsv, count: size)
    tsvBytes = Self.fileSize(tsv)
    database = folder.file("book.sqlite")
    try CommandScenario.createDatabase(database)
    try MeasuredRun.run(
      wordbook, ["--db", database, "import", tsv, "--book", "Benchmark"], errorFile: errors
    ).expect("building the book with wordbook import")
    book = try Self.sql(shell, database, "SELECT id FROM books WHERE title = 'Benchmark'", errors)
      .filter(\.isNumber)
    lastWord = try Self.sql(shell, database, "SELECT max(id) FROM words", errors)
      .filter(\.isNumber)
    guard try sql(database, "SELECT count(*) FROM words WHERE book_id = \(book)") == "\(size)\n"
    else { throw ChildProcessError(description: "the book does not hold \(size) words") }
  }

  /// What the shell prints for `statement` on the database at `path`.
  func sql(_ path: String, _ statement: String) throws -> String {
    try Self.sql(shell, path, statement, errors)
  }

  private static func sql(
    _ shell: String, _ path: String, _ statement: String, _ errors: String
  ) throws -> String {
    let run = try MeasuredRun.run(
      shell, CommandScenario.shellSettings + [path, statement], errorFile: errors,
      keepsOutput: true)
    try run.expect("sqlite3 \(statement)")
    return run.text
  }

  /// A run of `wordbook` on the database that must write `lines` lines (any number for
  /// `nil`), followed by `restore` (see ``restore(_:)``).
  func ours(
    _ arguments: [String], lines: Int?, keepsOutput: Bool = false, restore: String? = nil
  ) -> () throws -> MeasuredRun {
    {
      let run = try MeasuredRun.run(
        wordbook, ["--db", database] + arguments, errorFile: errors, keepsOutput: keepsOutput)
      try run.expect("wordbook \(arguments[0])", lines: lines)
      if let restore { try self.restore(restore) }
      return run
    }
  }

  /// A run of the shell on the database with `options` before the file and `statement` after
  /// it, that must write `lines` lines (any number for `nil`), followed by `restore` (see
  /// ``restore(_:)``).
  func baseline(
    _ statement: String, options: [String] = [], lines: Int?, restore: String? = nil
  ) -> () throws -> MeasuredRun {
    {
      let run = try MeasuredRun.run(
        shell, CommandScenario.shellSettings + options + [database, statement],
        errorFile: errors)
      try run.expect("sqlite3 \(statement.prefix(40))", lines: lines)
      if let restore { try self.restore(restore) }
      return run
    }
  }

  /// Runs `statement`, which undoes what a measured run changed, then merges the search
  /// index's small segments. Each write adds a segment to the full-text index, and every so
  /// many writes SQLite merges them inside the write that reaches the count, about 40 ms at
  /// 1M words: without the merge here, the runs of one side were seen to pay for merges the
  /// other side's writes had brought on.
  private func restore(_ statement: String) throws {
    _ = try sql(
      database, statement + "; INSERT INTO words_search (words_search, rank) VALUES ('merge', -16)")
  }

  private static func fileSize(_ path: String) -> Int {
    var status = stat()
    guard stat(path, &status) == 0 else { return 0 }
    return Int(status.st_size)
  }
}
