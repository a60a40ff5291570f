/// A user of a PostgreSQL database, as `wordbook users list` shows them.
public struct Account: Hashable, Sendable {
  /// The name the user signs in with and commands take with `--user`.
  public var name: String
  /// How many wordbooks the user has.
  public var bookCount: Int
  /// How many words the user's wordbooks hold in all.
  public var wordCount: Int
  /// Whether the user has a password, and so can sign in on the page. A user that `--user`
  /// created has none until one is set.
  public var hasPassword: Bool

  /// Creates an account's summary.
  ///
  /// - Parameters:
  ///   - name: The user's name.
  ///   - bookCount: How many wordbooks the user has.
  ///   - wordCount: How many words their wordbooks hold.
  ///   - hasPassword: Whether the user has a password.
  public init(name: String, bookCount: Int, wordCount: Int, hasPassword: Bool) {
    self.name = name
    self.bookCount = bookCount
    self.wordCount = wordCount
    self.hasPassword = hasPassword
  }
}
