import Wordbook
import WordbookSQLite

/// Picks and opens the word service the `wordbook` command works on: the one place that
/// knows which storage backs the command.
public enum WordbookDatabase {
  /// The database path: `--db` when given, else the default location from the environment.
  ///
  /// - Parameters:
  ///   - option: The value of `--db`, if any.
  ///   - environment: The process environment (`WORDBOOK_DB`, `XDG_DATA_HOME`, `HOME`).
  public static func path(option: String?, environment: [String: String]) -> String {
    option ?? SQLiteWordService.defaultLocation(environment: environment)
  }

  /// Opens the SQLite database at `path`, creating it with the sample wordbook on first use.
  ///
  /// - Throws: `WordServiceError` when the file cannot be opened: not a Wordbook database,
  ///   written by a newer version, read-only, or locked by another program.
  public static func openService(path: String) throws(WordServiceError) -> any WordService {
    try SQLiteWordService(path: path, seedsSampleWordbook: true)
  }
}
