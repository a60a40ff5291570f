import WordbookSQLite

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `sqlite3` command-line shell, the baseline of the SQLite scenarios.
enum SQLiteShell {
  /// The shell's path, or `nil` after noting in `results` that the scenario is skipped.
  @MainActor
  static func find(_ results: Results) -> String? {
    guard let path = ChildProcess.find("sqlite3") else {
      results.note(
        "sqlite3 is not installed: the SQLite scenarios were skipped "
          + "(apt-get install sqlite3 to run them).")
      return nil
    }
    return path
  }

  /// The tables and indexes of `SQLiteWordService`'s schema (its own migrations, so the two
  /// cannot drift apart), one book, and a view whose trigger inserts each imported row into
  /// that book, for `.import`.
  static let schema =
    "PRAGMA journal_mode = WAL;\n"
    + Schema.migrations.joined().map { $0 + ";\n" }.joined()
      + """
      INSERT INTO books (title) VALUES ('Import');
      CREATE VIEW import_rows (term, meaning) AS SELECT term, meaning FROM words;
      CREATE TRIGGER import_rows_insert INSTEAD OF INSERT ON import_rows
      BEGIN
        INSERT INTO words (book_id, term, meaning) VALUES (1, NEW.term, NEW.meaning);
      END;

      """
}

/// A temporary folder for databases and files, removed with everything in it.
struct ScratchFolder {
  let path: String

  /// Creates a new, empty folder under the temporary directory.
  init() throws(WriteError) {
    let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    var template = Array("\(base)/wordbook-benchmarks-XXXXXX".utf8CString)
    guard let created = mkdtemp(&template) else {
      throw WriteError(path: "\(base)/wordbook-benchmarks-XXXXXX")
    }
    path = String(cString: created)
  }

  /// The path of a file called `name` in the folder.
  func file(_ name: String) -> String {
    "\(path)/\(name)"
  }

  /// Removes the folder and what it holds.
  func remove() {
    _ = try? ChildProcess.run("/bin/rm", ["-rf", path])
  }
}

/// The bytes of a file, or `nil` when it cannot be read.
func readFile(_ path: String) -> [UInt8]? {
  guard let file = fopen(path, "r") else { return nil }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 1 << 20)
  while true {
    let count = fread(&buffer, 1, buffer.count, file)
    if count <= 0 { break }
    bytes.append(contentsOf: buffer[0..<count])
  }
  return bytes
}
