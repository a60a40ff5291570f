/// A learner of a server with accounts, as a sign-in names them.
///
/// The ID is the account's own: a user deleted and added again under the same name is another
/// account, with another ID, whose pages and service are new.
public struct WebUser: Hashable, Sendable {
  /// The account's ID, which no other account ever has.
  public var id: Int64
  /// The name the learner signs in with, which the page shows.
  public var name: String

  /// Creates a user.
  ///
  /// - Parameters:
  ///   - id: The account's ID.
  ///   - name: The name the learner signs in with.
  public init(id: Int64, name: String) {
    self.id = id
    self.name = name
  }
}
