/// A ``WordService`` that keeps its words in a database: the SQLite and the PostgreSQL service.
///
/// The calls that are one shared rule of ``WordStorage`` or one query of ``DatabaseStorage``,
/// run in a transaction, are written once, in this protocol's extensions
/// (`DatabaseWordService+Editing`, `DatabaseWordService+Reviews`); a service provides its
/// transactions, and implements the calls whose queries or transactions are its own.
///
/// The extensions' methods are public: they are the services' implementations of the public
/// protocol's requirements. They are marked `@_documentation(visibility: public)` so that each
/// service's documentation lists them with their comments, as if the service declared them.
package protocol DatabaseWordService: WordService {
  /// Runs `body` on the service's storage in `transaction`, after the calls made before it.
  ///
  /// - Parameters:
  ///   - transaction: Whether the transaction reads or writes, and what its errors name.
  ///   - body: The work, run inside the transaction on the storage.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws, or the service's error when the transaction fails; a
  ///   transaction that throws keeps none of its writes.
  func inTransaction<Result: Sendable>(
    _ transaction: StorageTransaction,
    _ body: @escaping @Sendable (any DatabaseStorage) throws(WordServiceError) -> Result
  ) async throws(WordServiceError) -> Result
}
