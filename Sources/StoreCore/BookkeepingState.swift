/// A state holding bookkeeping that a test does not describe: values only the reducer writes,
/// such as requests in flight, whose effects on what a user sees are described instead.
///
/// A test store copies the bookkeeping of the actual state into the expected state before it
/// compares them, so a test that builds an expected state from outside the module describes
/// only the values it can set. Check the bookkeeping's consistency with
/// ``InvariantCheckingState`` instead.
///
/// ```swift
/// struct Upload: Equatable, BookkeepingState {
///   var isUploading = false
///   var attempts = 0
///
///   mutating func adoptBookkeeping(from other: Upload) {
///     attempts = other.attempts
///   }
/// }
/// ```
public protocol BookkeepingState {
  /// Replaces this state's bookkeeping with `other`'s, leaving every described value alone.
  ///
  /// - Parameter other: The state whose bookkeeping to copy.
  mutating func adoptBookkeeping(from other: Self)
}
