import Wordbook
import WordbookPostgres
import WordbookSQLite

/// Picks and opens the word service the `wordbook` command works on: the one place that
/// knows which storage backs the command.
public enum WordbookDatabase {
  /// The database: `--db` when given, else the default location from the environment (which
  /// `$WORDBOOK_DB` may set to a file or to a PostgreSQL URL).
  ///
  /// - Parameters:
  ///   - option: The value of `--db`, if any.
  ///   - environment: The process environment (`WORDBOOK_DB`, `XDG_DATA_HOME`, `HOME`).
  public static func path(option: String?, environment: [String: String]) -> String {
    option ?? SQLiteWordService.defaultLocation(environment: environment)
  }

  /// Whether `path` names a PostgreSQL database (a `postgresql://` or `postgres://` URL),
  /// whose wordbooks belong to users, rather than a SQLite file.
  ///
  /// - Parameter path: A value of ``path(option:environment:)``.
  public static func isServer(_ path: String) -> Bool {
    PostgresWordService.isDatabaseURL(path)
  }

  /// Opens the database at `path` for `user`, creating it (or the user) with the sample
  /// wordbook on first use.
  ///
  /// - Parameters:
  ///   - path: A SQLite file, or a PostgreSQL URL (see ``isServer(_:)``).
  ///   - user: The user whose wordbooks to open on PostgreSQL; a SQLite file has one learner
  ///     and ignores it.
  ///   - replica: The URL of a hot standby of the PostgreSQL database at `path`, which the
  ///     service reads what is stored from once it has replayed the user's newest change
  ///     (`PostgresWordService`'s `replica`); ignored for a SQLite file.
  /// - Throws: `WordServiceError` when the database cannot be opened: for a file, not a
  ///   Wordbook database, written by a newer version, read-only, or locked by another program;
  ///   for a URL, a server that cannot be reached or a schema written by a newer version.
  public static func openService(path: String, user: String, replica: String? = nil)
    async throws(WordServiceError) -> any WordService
  {
    if isServer(path) {
      return try await PostgresWordService(
        url: path, user: user, seedsSampleWordbook: true, replica: replica)
    }
    return try SQLiteWordService(path: path, seedsSampleWordbook: true)
  }
}
