import Wordbook
import WordbookPostgres
import WordbookWeb

/// The users of a PostgreSQL database as the accounts of `serve`'s page: their passwords,
/// the sign-ins every server on the database accepts, and each user's wordbooks, by account ID.
package final class PostgresSignIns: WebAccounts {
  private let url: String
  /// The hot standby that answers the users' services' reads of what is stored, if any.
  private let replica: String?
  private let accounts: PostgresAccounts

  /// Connects to the database at `url`, creating or upgrading its schema.
  ///
  /// Sign-ins are always checked on `url`: a standby could still accept a password that was
  /// just changed, or a sign-in that was just ended.
  ///
  /// - Parameters:
  ///   - url: The primary's URL.
  ///   - replica: The URL of a hot standby of it, which the users' services read from when it
  ///     is up to date (`PostgresWordService`'s `replica`).
  /// - Throws: `WordServiceError` when the server cannot be reached or a newer Wordbook wrote
  ///   the schema.
  package init(url: String, replica: String? = nil) async throws(WordServiceError) {
    self.url = url
    self.replica = replica
    accounts = try await Self.calling { () async throws(AccountError) in
      try await PostgresAccounts(url: url)
    }
  }

  package func user(named name: String, password: String) async throws(WordServiceError)
    -> WebUser?
  {
    try await Self.calling { () async throws(AccountError) in
      try await accounts.signIn(name, password: password).map { WebUser(id: $0.id, name: $0.name) }
    }
  }

  package func startSignIn(_ secret: String, of user: WebUser, until expiry: Timestamp)
    async throws(WordServiceError)
  {
    try await Self.calling { () async throws(AccountError) in
      try await accounts.startSignIn(
        secret, of: PostgresAccounts.User(id: user.id, name: user.name), until: expiry)
    }
  }

  package func signedInUsers(_ secrets: Set<String>, at time: Timestamp)
    async throws(WordServiceError) -> [String: WebUser]
  {
    try await Self.calling { () async throws(AccountError) in
      try await accounts.signedInUsers(secrets, at: time).mapValues {
        WebUser(id: $0.id, name: $0.name)
      }
    }
  }

  package func endSignIn(_ secret: String) async throws(WordServiceError) {
    try await Self.calling { () async throws(AccountError) in try await accounts.endSignIn(secret) }
  }

  package func signInEndings() -> AsyncStream<Void> {
    accounts.signInEndings()
  }

  /// The account's own connection to the database, which scopes every query to them.
  package func service(for user: WebUser) async throws(WordServiceError) -> any WordService {
    try await PostgresWordService(url: url, userID: user.id, replica: replica)
  }

  /// Calls the accounts, their errors as the service errors the page words.
  private static func calling<Value>(_ body: () async throws(AccountError) -> Value)
    async throws(WordServiceError) -> Value
  {
    do {
      return try await body()
    } catch {
      switch error {
      case .service(let error): throw error
      case .hashingUnavailable:
        // The system's words for the owner, as a storage failure's are: in English.
        throw WordServiceError(
          .unavailable, EnglishCatalogue().describe(error), isRetryable: false)
      default: throw WordServiceError(.other, "\(error)")
      }
    }
  }
}
