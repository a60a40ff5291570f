import Wordbook

/// The calls every database service shares (`DatabaseWordService`) run in the user's library's
/// transactions.
extension PostgresWordService: DatabaseWordService {
  /// Runs `body` on the user's library in a write or a read transaction (see
  /// ``writing(_:_:)``, ``reading(_:_:)`` and, for a read a standby may answer,
  /// ``readingFromReplica(_:isOneStatement:_:)``).
  package func inTransaction<Result: Sendable>(
    _ transaction: StorageTransaction,
    _ body: @escaping @Sendable (any DatabaseStorage) throws(WordServiceError) -> Result
  ) async throws(WordServiceError) -> Result {
    switch transaction {
    case .reading(let what): try await reading(what, body)
    case .readingAnyUpToDateCopy(let what): try await readingFromReplica(what, body)
    case .writing(let what): try await writing(what, body)
    }
  }
}
