import Wordbook
import WordbookPostgres
import WordbookWeb

/// The users of a PostgreSQL database as the accounts of `serve`'s page: their passwords,
/// the sign-ins every server on the database accepts, and each user's wordbooks.
package final class PostgresSignIns: WebAccounts {
  private let url: String
  private let accounts: PostgresAccounts

  /// Connects to the database at `url`, creating or upgrading its schema.
  ///
  /// - Throws: `WordServiceError` when the server cannot be reached or a newer Wordbook wrote
  ///   the schema.
  package init(url: String) async throws(WordServiceError) {
    self.url = url
    accounts = try await Self.calling { () async throws(AccountError) in
      try await PostgresAccounts(url: url)
    }
  }

  package func checkPassword(_ password: String, of name: String) async throws(WordServiceError)
    -> Bool
  {
    try await Self.calling { () async throws(AccountError) in
      try await accounts.signIn(name, password: password)
    }
  }

  package func startSignIn(_ secret: String, of name: String, until expiry: Timestamp)
    async throws(WordServiceError)
  {
    try await Self.calling { () async throws(AccountError) in
      try await accounts.startSignIn(secret, of: name, until: expiry)
    }
  }

  package func signedInUser(_ secret: String, at time: Timestamp) async throws(WordServiceError)
    -> String?
  {
    try await Self.calling { () async throws(AccountError) in
      try await accounts.signedInUser(secret, at: time)
    }
  }

  package func endSignIn(_ secret: String) async throws(WordServiceError) {
    try await Self.calling { () async throws(AccountError) in try await accounts.endSignIn(secret) }
  }

  /// The user's own connection to the database, which scopes every query to them.
  package func service(for name: String) async throws(WordServiceError) -> any WordService {
    try await PostgresWordService(url: url, user: name)
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
