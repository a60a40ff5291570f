import CSQLite
import Wordbook

extension WordServiceError {
  /// The error for a failed SQLite call, by the primary result code.
  ///
  /// - Parameters:
  ///   - code: The (possibly extended) SQLite result code.
  ///   - what: What the call was doing.
  ///   - path: The database file.
  ///   - detail: SQLite's own description of the code.
  static func sqlite(code: Int32, doing what: Operation, path: String, detail: String)
    -> WordServiceError
  {
    switch code & 0xFF {
    case SQLITE_BUSY, SQLITE_LOCKED:
      return .storage(.unavailable, .busy, during: what, path: path)
    case SQLITE_FULL:
      return .storage(.storageFull, .full, during: what, path: path, isRetryable: true)
    case SQLITE_READONLY, SQLITE_PERM:
      return .readOnly(path, doing: what)
    case SQLITE_NOTADB:
      return .notADatabase(path)
    case SQLITE_CORRUPT:
      return .storage(.corrupted, .damaged(detail: detail), during: what, path: path)
    case SQLITE_CANTOPEN:
      return .storage(.other, .cannotOpen(detail: detail), during: what, path: path)
    case SQLITE_IOERR:
      return .storage(
        .other, .inputOutput(detail: detail), during: what, path: path, isRetryable: true)
    default:
      return .storage(.other, .system(detail: detail), during: what, path: path)
    }
  }

  /// The error for a file or folder that cannot be written.
  static func readOnly(_ path: String, doing what: Operation) -> WordServiceError {
    .storage(.readOnly, .readOnly, during: what, path: path)
  }

  /// The error for a file that exists but is not a Wordbook database.
  static func notADatabase(_ path: String) -> WordServiceError {
    .storage(.corrupted, .notADatabase, during: .openDatabase, path: path)
  }

  /// The error for a database file reachable under more than one name (hard links).
  ///
  /// SQLite finds a database's write-ahead log, shared memory and locks by the name it was
  /// opened with, so processes using two names for one file do not see each other's log:
  /// committed writes can be lost and the file damaged (SQLite's "How To Corrupt An SQLite
  /// Database File" lists this case).
  static func severalNames(_ path: String, links: Int) -> WordServiceError {
    .storage(.other, .severalNames(links: links), during: .openDatabase, path: path)
  }

  /// The error for a database written by a newer Wordbook than this one.
  static func newerSchema(_ path: String, version: Int64, known: Int64) -> WordServiceError {
    .storage(
      .unsupportedVersion, .newerSchema(version: version, known: known), during: .openDatabase,
      path: path)
  }
}
