import Wordbook

/// The accounts of a server that many learners share: who may sign in, the sign-ins every
/// server on the same store accepts, and each learner's wordbooks.
///
/// A ``WebServer`` made with accounts asks for a name and a password at `/login` and keeps the
/// sign-in in a cookie; each page's store then talks to the signed-in learner's own service.
/// `wordbook serve` on a PostgreSQL database gives it the database's users.
///
/// ```swift
/// let server = try WebServer(accounts: accounts)
/// print("Sign in at \(server.url)")
/// ```
public protocol WebAccounts: Sendable {
  /// Whether `password` is the password of the user named `name`.
  ///
  /// An unknown name answers `false` and takes as long as a wrong password, so neither the
  /// answer nor its time tells whether a name exists.
  func checkPassword(_ password: String, of name: String) async throws(WordServiceError) -> Bool

  /// Records a sign-in of the user named `name`, known by `secret` until `expiry`, for every
  /// server on the same store to accept.
  func startSignIn(_ secret: String, of name: String, until expiry: Timestamp)
    async throws(WordServiceError)

  /// The user whose sign-in `secret` is while it lasts at `time`, or `nil` for an unknown,
  /// ended or expired one, or one whose user is gone.
  func signedInUser(_ secret: String, at time: Timestamp) async throws(WordServiceError)
    -> String?

  /// Ends the sign-in `secret` on every server.
  func endSignIn(_ secret: String) async throws(WordServiceError)

  /// The service that holds the wordbooks of the user named `name`, which each of their pages'
  /// stores talks to; the server asks once per user and keeps it.
  func service(for name: String) async throws(WordServiceError) -> any WordService
}
