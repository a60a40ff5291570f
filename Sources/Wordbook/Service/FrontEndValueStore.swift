/// A service that keeps a front end's small values beside the learner's words, so that they
/// outlive a restart: the key of the page's address that `wordbook serve` keeps is one.
///
/// `SQLiteWordService` keeps them in the database file, `PostgresWordService` per user.
///
/// ```swift
/// if let store = service as? any FrontEndValueStore {
///   try await store.setFrontEndValue("dark", for: "theme")
///   try await store.frontEndValue(for: "theme")  // "dark"
/// }
/// ```
public protocol FrontEndValueStore: Sendable {
  /// The value kept under `key`, or `nil` when none is.
  ///
  /// - Parameter key: The value's name, chosen by the front end.
  /// - Throws: ``WordServiceError`` when the store cannot be read.
  func frontEndValue(for key: String) async throws(WordServiceError) -> String?

  /// Keeps `value` under `key`, in place of the value kept before.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - key: The value's name, chosen by the front end.
  /// - Throws: ``WordServiceError`` when the store cannot be written; the value before is
  ///   then kept.
  func setFrontEndValue(_ value: String, for key: String) async throws(WordServiceError)
}
