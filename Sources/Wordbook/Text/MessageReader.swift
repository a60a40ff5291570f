/// Who reads a message, which decides how much of the machine it names.
public enum MessageReader: Hashable, Sendable {
  /// The one who runs Wordbook, at its terminal or in its logs: a message names the database's
  /// path or server address and the system's own words, which are what they need to act.
  case owner
  /// A visitor of a page Wordbook serves: a message says what failed and what to do, never
  /// where the server keeps its files or what its system said.
  case visitor
}
