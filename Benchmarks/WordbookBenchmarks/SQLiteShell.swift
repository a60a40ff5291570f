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

  /// The shell's plain fastest way to import the TSV file at `tsv` (a `term meaning state`
  /// header, then rows) into a new book of a database made by `SQLiteWordService`: in one
  /// transaction, `.import` into a temporary table, then one `INSERT … SELECT` into `words`,
  /// whose triggers keep the word count as for any insert.
  ///
  /// Like `wordbook import`, the script uses the schema's two switches for bulk writes (see
  /// `Schema`): the search index is built for the new rows in one statement at the end, and
  /// the change journal gets one "book reloaded" row instead of one per word. Without them the
  /// shell would be slower, and a baseline must be the fastest a user of the shell would do.
  static func importScript(tsv: String) -> String {
    """
    .mode tabs
    BEGIN IMMEDIATE;
    INSERT INTO books (title, title_key) VALUES ('Import', 'import');
    INSERT INTO settings (key, value) VALUES ('search_deferred', 1), ('changes_summarized', 1);
    .import --schema temp '\(tsv)' import_rows
    INSERT INTO words (book_id, term, meaning, study_state)
      SELECT (SELECT id FROM books WHERE title_key = 'import'), term, meaning,
        CASE state WHEN 'known' THEN 1 WHEN 'not-known' THEN 2 ELSE 0 END
      FROM temp.import_rows;
    INSERT INTO words_search (rowid, term, meaning)
      SELECT id, term, meaning FROM words
      WHERE book_id = (SELECT id FROM books WHERE title_key = 'import');
    DELETE FROM settings WHERE key IN ('search_deferred', 'changes_summarized');
    INSERT INTO changes (kind, book_id) SELECT 3, id FROM books WHERE title_key = 'import';
    COMMIT;

    """
  }

  /// The shell's plain fastest way to import the review file at `tsv` (a `term rating
  /// reviewed_at` header, then rows with ratings 1-4 and ISO 8601 times) into the logs of the
  /// words of book `book`: in one transaction, `.import` into a temporary table, then one
  /// `INSERT … SELECT` that finds each term's word through the `(book_id, term)` index and
  /// appends each word's reviews in time order, as `wordbook import-reviews` does. The shell
  /// cannot replay FSRS, so it writes no memory states: it does less than the command.
  static func importReviewsScript(tsv: String, book: String) -> String {
    """
    .mode tabs
    BEGIN IMMEDIATE;
    .import --schema temp '\(tsv)' import_reviews
    INSERT INTO reviews (word_id, reviewed_at, rating)
      SELECT (SELECT min(id) FROM words WHERE book_id = \(book) AND term = r.term) AS word_id,
        unixepoch(r.reviewed_at) AS time, CAST(r.rating AS INTEGER)
      FROM temp.import_reviews r ORDER BY word_id, time;
    COMMIT;

    """
  }
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
