/// A stored value only the reducer writes, such as requests in flight or undo steps, which the
/// equality of the state holding it ignores: a test describes what a user sees, and the
/// state's invariants check that the bookkeeping is consistent.
///
/// Wrap the property, and every state that holds this one, however deep, compares only what a
/// test can describe, with no code to forward. Dumps and test-store diffs leave it out.
///
/// ```swift
/// struct Upload: Equatable {
///   var isUploading = false
///   @Bookkeeping var attempts = 0
/// }
///
/// struct Screen: Equatable {
///   var upload = Upload()
///   var title = ""
/// }
/// ```
///
/// Two `Screen`s whose uploads made a different number of attempts are equal; a test store
/// checking a step compares the upload's `isUploading` and the title.
@propertyWrapper
public struct Bookkeeping<Value: Sendable>: Sendable {
  /// The value.
  public var wrappedValue: Value

  /// Wraps `wrappedValue`.
  ///
  /// - Parameter wrappedValue: The value only the reducer writes.
  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }
}

extension Bookkeeping: Equatable {
  /// Always `true`: bookkeeping is not what a state's equality describes.
  public static func == (lhs: Self, rhs: Self) -> Bool { true }
}

extension Bookkeeping: Hashable {
  /// Hashes nothing, as equality compares nothing.
  public func hash(into hasher: inout Hasher) {}
}

extension Bookkeeping: UndescribedValue {}

/// A value that dumps and test-store diffs leave out, because a state's equality ignores it.
package protocol UndescribedValue {}
