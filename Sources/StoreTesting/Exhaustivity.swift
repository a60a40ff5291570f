/// How strictly a ``TestStore`` checks a test.
public enum Exhaustivity: Hashable, Sendable {
  /// Every state change must be described, every action an effect sends must be received,
  /// and every effect must have finished by the end of the test.
  case on
  /// Only what the test asserts is checked: a `send` or `receive` closure is applied to the
  /// actual new state and must leave it unchanged, actions nobody asserted are processed
  /// anyway, and effects still running at the end are cancelled. For integration tests.
  case off
}
