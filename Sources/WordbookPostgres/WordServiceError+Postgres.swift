import Wordbook

extension WordServiceError {
  /// The error for a statement the server refused, by its SQLSTATE class and code.
  ///
  /// - Parameters:
  ///   - sqlState: The five-character SQLSTATE.
  ///   - detail: The server's message.
  ///   - what: What the call was doing.
  ///   - path: The database's URL without its password.
  static func postgres(sqlState: String, detail: String, doing what: Operation, path: String)
    -> WordServiceError
  {
    switch sqlState {
    case "40001", "40P01", "55P03", "57014":
      // A serialization failure, a deadlock, or a lock not granted within `lock_timeout`.
      return .storage(.unavailable, .busy, during: what, path: path)
    case "53100":
      return .storage(.storageFull, .full, during: what, path: path, isRetryable: true)
    case "25006", "42501":
      return .storage(.readOnly, .readOnly, during: what, path: path)
    case "XX001", "XX002":
      return .storage(.corrupted, .damaged(detail: detail), during: what, path: path)
    case _ where sqlState.hasPrefix("08") || sqlState.hasPrefix("57P") || sqlState.hasPrefix("53"):
      // Connection exceptions, a server shutting down or refusing connections, or one short of
      // resources: all of them pass.
      return .postgresUnreachable(detail: detail, during: what, path: path)
    default:
      return .storage(
        .other, .system(detail: "\(detail) (SQLSTATE \(sqlState))"), during: what, path: path)
    }
  }

  /// The error for a server that cannot be reached or a connection that was lost: retryable,
  /// since the service connects again on the next call.
  static func postgresUnreachable(detail: String, during what: Operation, path: String)
    -> WordServiceError
  {
    .storage(.unavailable, .serverUnreachable(detail: detail), during: what, path: path)
  }

  /// The error for a database written by a newer Wordbook than this one.
  static func newerSchema(_ path: String, version: Int64, known: Int64) -> WordServiceError {
    .storage(
      .unsupportedVersion, .newerSchema(version: version, known: known), during: .openDatabase,
      path: path)
  }

  /// The error for a call after ``PostgresWordService/close()``.
  static func closed(_ path: String) -> WordServiceError {
    .storage(.other, .closed, during: .openDatabase, path: path, isRetryable: false)
  }
}
