/// The transaction a call of a ``DatabaseWordService`` runs in, with the operation its errors
/// name.
package enum StorageTransaction: Sendable {
  /// A transaction that only reads, so that its reads see one state of the database.
  case reading(WordServiceError.Operation)
  /// A read of what is stored, which a copy of the database (a hot standby) may answer when it
  /// has every change of the user's; otherwise as ``reading(_:)``.
  case readingAnyUpToDateCopy(WordServiceError.Operation)
  /// A transaction that writes: all of its writes are kept, or none.
  case writing(WordServiceError.Operation)
}
