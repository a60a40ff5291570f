import Wordbook

/// The accounts of a server that many learners share: who may sign in, the sign-ins every
/// server on the same store accepts, and each learner's wordbooks.
///
/// A ``WebServer`` made with accounts asks for a name and a password at `/login` and keeps the
/// sign-in in a cookie; each page's store then talks to the signed-in learner's own service.
/// Every call after the password's names the account by its ID (``WebUser``), never by its
/// name, which a deleted account's successor may have. `wordbook serve` on a PostgreSQL
/// database gives it the database's users.
///
/// ```swift
/// let server = try WebServer(accounts: accounts)
/// print("Sign in at \(server.url)")
/// ```
public protocol WebAccounts: Sendable {
  /// The user named `name` when `password` is theirs, or `nil`.
  ///
  /// An unknown name answers `nil` and takes as long as a wrong password, so neither the
  /// answer nor its time tells whether a name exists.
  func user(named name: String, password: String) async throws(WordServiceError) -> WebUser?

  /// Records a sign-in of `user`, known by `secret` until `expiry`, for every server on the
  /// same store to accept; it fails when the account is gone.
  func startSignIn(_ secret: String, of user: WebUser, until expiry: Timestamp)
    async throws(WordServiceError)

  /// The users whose sign-ins `secrets` are while they last at `time`: a secret unknown, ended
  /// or expired, or whose user is gone, is left out.
  func signedInUsers(_ secrets: Set<String>, at time: Timestamp) async throws(WordServiceError)
    -> [String: WebUser]

  /// Ends the sign-in `secret` on every server.
  func endSignIn(_ secret: String) async throws(WordServiceError)

  /// A stream that yields whenever sign-ins may have ended on another server (a sign-out, a
  /// new password, a deleted user), so that the server checks its pages' sign-ins at once
  /// rather than at its next periodic check; one that never yields leaves it to those.
  func signInEndings() -> AsyncStream<Void>

  /// The service that holds `user`'s wordbooks, which each of their pages' stores talks to;
  /// the server asks once per account and keeps it while the account has pages open.
  func service(for user: WebUser) async throws(WordServiceError) -> any WordService
}
