import Wordbook

extension PostgresWordService {
  /// Runs the read `body` on the standby given at opening, when it has replayed the user's
  /// newest change on the primary, and otherwise on the primary: in a transaction as
  /// ``reading(_:_:)`` does, or, for one statement (`isOneStatement`), as
  /// ``withLibrary(_:)`` does.
  ///
  /// The newest change is asked for on the primary in order with the service's other calls
  /// (one index lookup), so the read sees every write made before it, as on the primary. On
  /// the standby the read follows its check, whose snapshot it can only be newer than. A
  /// standby behind, failing or left alone after failing (see `PostgresReplica`) costs the
  /// read its trip to the primary, never a write or an error: the primary's answer, or error,
  /// is the call's. The read's own refusals (a book that is not the user's) are the primary's
  /// to give, and say nothing of the standby.
  func readingFromReplica<Result: Sendable>(
    _ what: WordServiceError.Operation, isOneStatement: Bool = false,
    _ body: @escaping @Sendable (UserLibrary) throws(WordServiceError) -> Result
  ) async throws(WordServiceError) -> Result {
    guard let replica, replica.isWorthTrying else {
      return try await onPrimary(what, isOneStatement: isOneStatement, body)
    }
    let newest = try await withLibrary { library throws(WordServiceError) in
      try library.latestChange()
    }
    let userID = userID
    do throws(WordServiceError) {
      let answer = try await replica.database.run {
        connection throws(WordServiceError) -> Result? in
        let library = UserLibrary(connection, userID: userID)
        guard try library.latestChange() >= newest else { return nil }
        guard !isOneStatement else { return try body(library) }
        return try connection.inTransaction(what) { () throws(WordServiceError) in
          try body(library)
        }
      }
      replica.answered()
      if let answer { return answer }
    } catch {
      if error == .cancelled { throw error }
      if !Self.refusalKinds.contains(error.kind) { replica.failed(error) }
    }
    return try await onPrimary(what, isOneStatement: isOneStatement, body)
  }

  /// The kinds of error that a read gives about what it was asked, not about the server.
  private static let refusalKinds: Set<WordServiceError.Kind> = [
    .notFound, .invalidInput, .titleTaken,
  ]

  private func onPrimary<Result: Sendable>(
    _ what: WordServiceError.Operation, isOneStatement: Bool,
    _ body: @escaping @Sendable (UserLibrary) throws(WordServiceError) -> Result
  ) async throws(WordServiceError) -> Result {
    isOneStatement ? try await withLibrary(body) : try await reading(what, body)
  }
}
