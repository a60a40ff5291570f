import CSQLite
import Wordbook

extension WordServiceError {
  /// The error for a failed SQLite call, by the primary result code.
  ///
  /// - Parameters:
  ///   - code: The (possibly extended) SQLite result code.
  ///   - what: What the call was doing, as a verb phrase ("save the word").
  ///   - path: The database file.
  ///   - detail: SQLite's own description of the code.
  static func sqlite(code: Int32, doing what: String, path: String, detail: String)
    -> WordServiceError
  {
    switch code & 0xFF {
    case SQLITE_BUSY, SQLITE_LOCKED:
      return WordServiceError(
        .unavailable,
        "Could not \(what): another program is using the wordbook database at \(path). "
          + "Close it, or wait a moment and try again.")
    case SQLITE_FULL:
      return WordServiceError(
        .storageFull,
        "Could not \(what): the disk holding \(path) is full. Free some space and try again; "
          + "nothing was changed.",
        isRetryable: true)
    case SQLITE_READONLY, SQLITE_PERM:
      return .readOnly(path, doing: what)
    case SQLITE_NOTADB:
      return .notADatabase(path)
    case SQLITE_CORRUPT:
      return WordServiceError(
        .corrupted,
        "Could not \(what): the wordbook database at \(path) is damaged (\(detail)). "
          + "Restore it from a backup.")
    case SQLITE_CANTOPEN:
      return WordServiceError(
        .other,
        "Could not \(what): the file \(path) cannot be opened (\(detail)). "
          + "Check that its folder exists and can be written.")
    case SQLITE_IOERR:
      return WordServiceError(
        .other,
        "Could not \(what): reading or writing \(path) failed (\(detail)). "
          + "Check the disk and try again.",
        isRetryable: true)
    default:
      return WordServiceError(.other, "Could not \(what) in \(path): \(detail).")
    }
  }

  /// The error for a file or folder that cannot be written.
  static func readOnly(_ path: String, doing what: String) -> WordServiceError {
    WordServiceError(
      .readOnly,
      "Could not \(what): \(path) or its folder is read-only. "
        + "Make both writable, or choose another location with WORDBOOK_DB.")
  }

  /// The error for a file that exists but is not a Wordbook database.
  static func notADatabase(_ path: String) -> WordServiceError {
    WordServiceError(
      .corrupted,
      "\(path) is not a Wordbook database. Move it aside, or choose another location "
        + "with WORDBOOK_DB; the file was left untouched.")
  }

  /// The error for a database file reachable under more than one name (hard links).
  ///
  /// SQLite finds a database's write-ahead log, shared memory and locks by the name it was
  /// opened with, so processes using two names for one file do not see each other's log:
  /// committed writes can be lost and the file damaged (SQLite's "How To Corrupt An SQLite
  /// Database File" lists this case).
  static func severalNames(_ path: String, links: Int) -> WordServiceError {
    WordServiceError(
      .other,
      "\(path) has \(links) names (hard links). SQLite keeps a database's write-ahead log and "
        + "locks per name, so programs opening it by different names can lose saved words or "
        + "damage it. Keep one name (`find / -samefile \(path)` lists them) or open a copy of "
        + "the file; it was not written.")
  }

  /// The error for a database written by a newer Wordbook than this one.
  static func newerSchema(_ path: String, version: Int64, known: Int64) -> WordServiceError {
    WordServiceError(
      .unsupportedVersion,
      "The wordbook database at \(path) has schema version \(version), but this Wordbook "
        + "knows versions up to \(known). Update Wordbook to open it; the file was left "
        + "untouched.")
  }
}
