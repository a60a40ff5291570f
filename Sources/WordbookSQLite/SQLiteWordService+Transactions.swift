import Wordbook

/// The calls every database service shares (`DatabaseWordService`) run in the connection's
/// transactions.
extension SQLiteWordService: DatabaseWordService {
  /// Runs `body` on the connection in a write or a read transaction (see ``writing(_:_:)`` and
  /// ``reading(_:_:)``).
  package func inTransaction<Result: Sendable>(
    _ transaction: StorageTransaction,
    _ body: @escaping @Sendable (any DatabaseStorage) throws(WordServiceError) -> Result
  ) async throws(WordServiceError) -> Result {
    switch transaction {
    case .reading(let what), .readingAnyUpToDateCopy(let what): try await reading(what, body)
    case .writing(let what): try await writing(what, body)
    }
  }
}
