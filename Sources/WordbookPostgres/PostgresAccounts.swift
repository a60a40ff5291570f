import Wordbook

/// The users of a PostgreSQL database and their passwords: what `wordbook users` manages and
/// the page's sign-in checks.
///
/// ```swift
/// let accounts = try await PostgresAccounts(url: url)
/// try await accounts.add("mina", password: "correct horse")
/// let user = try await accounts.signIn("mina", password: "correct horse")  // mina and her ID
/// ```
///
/// Passwords are kept as Argon2id hashes made by libsodium (`crypto_pwhash_str`, loaded at run
/// time; without the `libsodium23` package every call that hashes throws
/// ``AccountError/hashingUnavailable``). A password has 8 characters or more and at most 1,024
/// bytes; a name has at most ``maximumNameBytes``. Deleting a user deletes their books, words,
/// reviews, settings and sign-ins with them; a user added again under the same name is another
/// account, with another ID, which is what sign-ins name.
public final class PostgresAccounts: Sendable {
  /// A user as a password or a sign-in names them: their account's ID and their name.
  public struct User: Hashable, Sendable {
    /// The account's ID, which no other account ever has.
    public var id: Int64
    /// The user's name.
    public var name: String

    /// Creates a user.
    ///
    /// - Parameters:
    ///   - id: The account's ID.
    ///   - name: The user's name.
    public init(id: Int64, name: String) {
      self.id = id
      self.name = name
    }
  }

  /// The most bytes of a name, in UTF-8, without its surrounding spaces.
  public static let maximumNameBytes = 256

  /// The calls, side by side, on the process's connections.
  private let database: PostgresDatabase
  /// The database's URL, for the connection that listens for ended sign-ins.
  private let url: String
  /// What the database's notifications of ended sign-ins say: `schema:sign-ins`.
  private let signInsKey: String

  /// The database's URL without its password.
  public var location: String { database.location }

  /// Whether libsodium could be loaded, so that passwords can be hashed and checked.
  public static var isHashingAvailable: Bool {
    if case .success = PasswordHashing.library { return true }
    return false
  }

  /// Connects to the database at `url` and creates or upgrades its schema, as
  /// `PostgresWordService` does.
  ///
  /// - Parameter url: A `postgresql://` or `postgres://` URL (or any libpq connection string).
  /// - Throws: ``AccountError/service(_:)`` when the server cannot be reached or a newer
  ///   Wordbook wrote the schema.
  public init(url: String) async throws(AccountError) {
    let database = PostgresDatabase(url: url, isInOrder: false)
    let schema = try await Self.calling { () async throws(WordServiceError) in
      try await database.run { connection throws(WordServiceError) in
        try PostgresSchema.migrate(connection)
        return try connection.query("SELECT current_schema()", [], .openDatabase).text(0, 0)
      }
    }
    self.database = database
    self.url = url
    signInsKey = "\(schema):sign-ins"
  }

  /// Every user, by name, with how many books and words they have and whether they can sign in.
  public func accounts() async throws(AccountError) -> [Account] {
    try await run { connection throws(WordServiceError) in
      let rows = try connection.query(
        """
        SELECT u.name, (SELECT count(*) FROM books AS b WHERE b.user_id = u.id),
          (SELECT count(*) FROM words AS w WHERE w.user_id = u.id), u.password_hash IS NOT NULL
        FROM users AS u ORDER BY u.name
        """, [], .loadUsers)
      return (0..<rows.count).map { row in
        Account(
          name: rows.text(row, 0), bookCount: Int(rows.integer(row, 1)),
          wordCount: Int(rows.integer(row, 2)), hasPassword: rows.text(row, 3) == "t")
      }
    }
  }

  /// Adds a user with a password; they start with no wordbook.
  ///
  /// - Throws: ``AccountError/nameTaken(_:)`` when a user has the name, also one without a
  ///   password (give them one with ``setPassword(_:of:)``); ``AccountError/blankName``; and a
  ///   password's refusals.
  public func add(_ name: String, password: String) async throws(AccountError) {
    let name = try Self.validName(name)
    let hash = try await PasswordHashing.hash(password)
    let added = try await run { connection throws(WordServiceError) in
      try connection.query(
        """
        INSERT INTO users (name, password_hash) VALUES ($1, $2)
        ON CONFLICT (name) DO NOTHING RETURNING id
        """, [.text(name), .text(hash)], .saveUser
      ).count == 1
    }
    guard added else { throw .nameTaken(name) }
  }

  /// Gives a user a new password; the old one no longer signs in, and the user's pages signed
  /// in with it are signed out.
  ///
  /// - Throws: ``AccountError/unknownUser(_:)`` when no user has the name, and a password's
  ///   refusals.
  public func setPassword(_ password: String, of name: String) async throws(AccountError) {
    let name = try Self.validName(name)
    let hash = try await PasswordHashing.hash(password)
    guard try await store(hash, ofUserNamed: name) else { throw .unknownUser(name) }
    try await run { connection throws(WordServiceError) in
      _ = try connection.query(
        "DELETE FROM sign_ins WHERE user_id = (SELECT id FROM users WHERE name = $1)",
        [.text(name)], .saveUser)
    }
  }

  /// Deletes a user and everything that is theirs: books, words, reviews and settings.
  ///
  /// - Throws: ``AccountError/unknownUser(_:)`` when no user has the name.
  public func delete(_ name: String) async throws(AccountError) {
    let name = try Self.validName(name)
    let deleted = try await run { connection throws(WordServiceError) in
      try connection.query("DELETE FROM users WHERE name = $1", [.text(name)], .saveUser)
        .changed == 1
    }
    guard deleted else { throw .unknownUser(name) }
  }

  /// The user named `name` when `password` is theirs, or `nil`.
  ///
  /// An unknown name, or a user without a password, takes as long as a wrong password (the
  /// password is checked against a decoy hash), so the time taken never tells whether a name
  /// exists. A right password whose hash was made with older settings is hashed again.
  ///
  /// - Throws: ``AccountError/hashingUnavailable`` without libsodium, and
  ///   ``AccountError/service(_:)`` when the database fails.
  public func signIn(_ name: String, password: String) async throws(AccountError) -> User? {
    let name = name.trimmingWhitespace()
    let stored = try await run { connection throws(WordServiceError) in
      let rows = try connection.query(
        "SELECT id, password_hash FROM users WHERE name = $1", [.text(name)], .loadUsers)
      return rows.count == 1 ? (id: rows.integer(0, 0), hash: rows.optionalText(0, 1)) : nil
    }
    let hash = stored?.hash
    let matches = try await PasswordHashing.verify(password, against: hash ?? Self.decoyHash)
    guard matches, let stored, let hash else { return nil }
    if PasswordHashing.needsRehash(hash) {
      _ = try await store(try await PasswordHashing.hash(password), ofUser: stored.id)
    }
    return User(id: stored.id, name: name)
  }

  /// Records a sign-in of `user`, known by `secret` (the page's cookie) until `expiry`, which
  /// every server on the database then accepts; expired sign-ins are cleared.
  ///
  /// Only a SHA-256 of the secret is stored, so the table gives nobody a way in.
  ///
  /// - Throws: ``AccountError/unknownUser(_:)`` when the user's account is gone.
  public func startSignIn(_ secret: String, of user: User, until expiry: Timestamp)
    async throws(AccountError)
  {
    let added = try await run { connection throws(WordServiceError) in
      try connection.inTransaction(.saveUser) { () throws(WordServiceError) in
        try connection.query(
          "DELETE FROM sign_ins WHERE expires_at <= $1",
          [.integer(Timestamp.now.secondsSince1970)], .saveUser)
        return try connection.query(
          """
          INSERT INTO sign_ins (secret_hash, user_id, expires_at)
          SELECT sha256(convert_to($1, 'UTF8')), id, $3 FROM users WHERE id = $2
          """, [.text(secret), .integer(user.id), .integer(expiry.secondsSince1970)], .saveUser
        ).changed == 1
      }
    }
    guard added else { throw .unknownUser(user.name) }
  }

  /// The users whose sign-ins `secrets` are, while they last at `time`, in one query: a
  /// secret unknown, ended or expired, or of a user deleted since, is left out.
  public func signedInUsers(_ secrets: Set<String>, at time: Timestamp)
    async throws(AccountError) -> [String: User]
  {
    guard !secrets.isEmpty else { return [:] }
    let secrets = Array(secrets)
    return try await run { connection throws(WordServiceError) in
      let rows = try connection.query(
        """
        SELECT given.secret, u.id, u.name
        FROM unnest($1::text[]) AS given(secret)
        JOIN sign_ins AS s ON s.secret_hash = sha256(convert_to(given.secret, 'UTF8'))
        JOIN users AS u ON u.id = s.user_id
        WHERE s.expires_at > $2
        """, [.textArray(secrets), .integer(time.secondsSince1970)], .loadUsers)
      var users: [String: User] = [:]
      for row in 0..<rows.count {
        users[rows.text(row, 0)] = User(id: rows.integer(row, 1), name: rows.text(row, 2))
      }
      return users
    }
  }

  /// A stream that yields whenever sign-ins of the database end (a sign-out, a new password, a
  /// deleted user, expired ones cleared), from any process, and whenever the connection that
  /// listens for them connects again, when some may have ended unheard. It ends when its
  /// consumer stops.
  public func signInEndings() -> AsyncStream<Void> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Void.self, bufferingPolicy: .bufferingNewest(1))
    let subscription = PostgresChangeListener.subscribe(url: url, key: signInsKey) { _ in
      continuation.yield()
    }
    continuation.onTermination = { _ in subscription.cancel() }
    return stream
  }

  /// Ends the sign-in `secret` on every server; nothing happens when it has ended already.
  public func endSignIn(_ secret: String) async throws(AccountError) {
    try await run { connection throws(WordServiceError) in
      _ = try connection.query(
        "DELETE FROM sign_ins WHERE secret_hash = sha256(convert_to($1, 'UTF8'))",
        [.text(secret)], .saveUser)
    }
  }

  /// Ends the accounts: every call that has not started fails. The connections stay open for
  /// the process's services on the same URL.
  public func close() async {
    await database.close()
  }

  /// A hash of a password no one has, with today's settings: what an unknown name's sign-in is
  /// checked against.
  private static let decoyHash =
    "$argon2id$v=19$m=65536,t=2,p=1$J2lT2eOS4vKFMI/mB7IkCQ$xEy1UA8z4oXxQ67iWb1NNAiajfVK9ZXM2IQQ2jxfCrk"

  /// Sets the hash of the user named `name`; `false` when no user has the name.
  private func store(_ hash: String, ofUserNamed name: String) async throws(AccountError) -> Bool {
    try await run { connection throws(WordServiceError) in
      try connection.query(
        "UPDATE users SET password_hash = $2 WHERE name = $1", [.text(name), .text(hash)],
        .saveUser
      ).changed == 1
    }
  }

  /// Sets the hash of the user with the ID; `false` when the account is gone.
  private func store(_ hash: String, ofUser id: Int64) async throws(AccountError) -> Bool {
    try await run { connection throws(WordServiceError) in
      try connection.query(
        "UPDATE users SET password_hash = $2 WHERE id = $1", [.integer(id), .text(hash)],
        .saveUser
      ).changed == 1
    }
  }

  /// The name without its surrounding spaces, as `--user` takes it.
  private static func validName(_ name: String) throws(AccountError) -> String {
    let name = name.trimmingWhitespace()
    guard !name.isEmpty else { throw .blankName }
    guard name.utf8.count <= maximumNameBytes else {
      throw .nameTooLong(maximumBytes: maximumNameBytes)
    }
    return name
  }

  /// Runs `body` with the connection, its error wrapped.
  private func run<Result: Sendable>(
    _ body: @escaping @Sendable (PostgresConnection) throws(WordServiceError) -> Result
  ) async throws(AccountError) -> Result {
    try await Self.calling { () async throws(WordServiceError) in try await database.run(body) }
  }

  /// Calls the database, turning its error into ``AccountError/service(_:)``.
  private static func calling<Result>(_ body: () async throws(WordServiceError) -> Result)
    async throws(AccountError) -> Result
  {
    do {
      return try await body()
    } catch {
      throw .service(error)
    }
  }
}
