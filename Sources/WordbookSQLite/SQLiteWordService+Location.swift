#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SQLiteWordService {
  /// The database file a user's wordbooks live in by default.
  ///
  /// In order: `$WORDBOOK_DB` when set; else `$XDG_DATA_HOME/wordbook/wordbook.sqlite` when
  /// `XDG_DATA_HOME` is an absolute path; else `~/.local/share/wordbook/wordbook.sqlite`.
  /// Empty variables count as unset. Missing folders are created when the service opens the
  /// file, not here.
  ///
  /// ```swift
  /// let path = SQLiteWordService.defaultLocation()
  /// // "/home/mina/.local/share/wordbook/wordbook.sqlite"
  /// ```
  ///
  /// - Parameter environment: The environment variables to read.
  /// - Returns: The path of the database file.
  public static func defaultLocation(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    if let path = environment["WORDBOOK_DB"], !path.isEmpty { return path }
    if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
      return joined(data, "wordbook/wordbook.sqlite")
    }
    let home =
      environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? FileManager.default.homeDirectoryForCurrentUser.path
    return joined(home, ".local/share/wordbook/wordbook.sqlite")
  }

  private static func joined(_ folder: String, _ relative: String) -> String {
    folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
  }
}
