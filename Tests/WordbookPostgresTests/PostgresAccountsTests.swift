import Testing
import Wordbook
import WordbookPostgres
import WordbookTestSupport

/// The accounts of a PostgreSQL database through `PostgresAccounts`, as `wordbook users` and the
/// page's sign-in use them: Argon2id hashes from libsodium, checked and upgraded.
@Suite struct PostgresAccountsTests {
  /// A fresh database's accounts, or the test is cancelled when PostgreSQL or libsodium is
  /// missing outside CI.
  private func freshAccounts() async throws -> (PostgresAccounts, url: String) {
    if !PostgresAccounts.isHashingAvailable && !PostgresTestServer.isRequired {
      try Test.cancel("libsodium is not installed (the libsodium23 package)")
    }
    let url = try await PostgresTestServer.freshDatabaseURLForTest()
    return (try await PostgresAccounts(url: url), url)
  }

  /// The sample of `PostgresAccounts`.
  @Test func theDocumentationSampleSignsIn() async throws {
    let url = try await freshAccounts().url
    let accounts = try await PostgresAccounts(url: url)
    try await accounts.add("mina", password: "correct horse")
    let signedIn = try await accounts.signIn("mina", password: "correct horse")
    #expect(signedIn)
  }

  @Test func onlyTheRightPasswordOfAKnownUserSignsIn() async throws {
    let (accounts, url) = try await freshAccounts()
    try await accounts.add(" mina ", password: "correct horse")
    _ = try await PostgresWordService(url: url, user: "jun")
    #expect(try await accounts.signIn("mina", password: "correct horse"))
    #expect(try await accounts.signIn("mina", password: "correct horsE") == false)
    #expect(try await accounts.signIn("mina", password: "correct horse\u{0}x") == false)
    #expect(try await accounts.signIn("nobody", password: "correct horse") == false)
    // A user `--user` created has no password until one is set.
    #expect(try await accounts.signIn("jun", password: "") == false)
    try await accounts.setPassword("battery staple", of: "jun")
    #expect(try await accounts.signIn("jun", password: "battery staple"))
    let stored = try await PostgresTestServer.execute(
      "SELECT password_hash FROM users WHERE name = 'jun'", in: url)
    #expect(stored?.hasPrefix("$argon2id$v=19$m=65536,t=2,p=1$") == true)
    #expect(stored?.contains("battery") == false)
  }

  @Test func accountsAreListedByNameWithTheirBooksAndWords() async throws {
    let (accounts, url) = try await freshAccounts()
    try await accounts.add("mina", password: "correct horse")
    let jun = try await PostgresWordService(url: url, user: "jun")
    let book = try await jun.createBook(title: "Verbs")
    _ = try await jun.saveWord(WordDraft(term: "가다", meaning: "to go"), to: book.id)
    #expect(
      try await accounts.accounts() == [
        Account(name: "jun", bookCount: 1, wordCount: 1, hasPassword: false),
        Account(name: "mina", bookCount: 0, wordCount: 0, hasPassword: true),
      ])
  }

  @Test func refusalsChangeNothing() async throws {
    let (accounts, _) = try await freshAccounts()
    try await accounts.add("mina", password: "correct horse")
    await #expect(throws: AccountError.nameTaken("mina")) {
      try await accounts.add("mina", password: "another one")
    }
    await #expect(throws: AccountError.blankName) {
      try await accounts.add("  ", password: "correct horse")
    }
    await #expect(throws: AccountError.passwordTooShort(minimumCharacters: 8)) {
      try await accounts.setPassword("한국어비밀번", of: "mina")
    }
    await #expect(throws: AccountError.passwordTooLong(maximumBytes: 1024)) {
      try await accounts.setPassword(String(repeating: "가", count: 342), of: "mina")
    }
    await #expect(throws: AccountError.passwordTooLong(maximumBytes: 1024)) {
      try await accounts.setPassword("correct\u{0}horse", of: "mina")
    }
    await #expect(throws: AccountError.unknownUser("jun")) {
      try await accounts.setPassword("correct horse", of: "jun")
    }
    await #expect(throws: AccountError.unknownUser("jun")) { try await accounts.delete("jun") }
    #expect(try await accounts.signIn("mina", password: "correct horse"))
    // Eight characters are enough, whatever their script.
    try await accounts.setPassword("한국어비밀번호다", of: "mina")
    #expect(try await accounts.signIn("mina", password: "한국어비밀번호다"))
  }

  @Test func deletingAUserDeletesAllThatIsTheirs() async throws {
    let (accounts, url) = try await freshAccounts()
    let jun = try await PostgresWordService(url: url, user: "jun")
    let book = try await jun.createBook(title: "Verbs")
    let word = try await jun.saveWord(WordDraft(term: "가다", meaning: "to go"), to: book.id)
    _ = try await jun.recordReview(
      Review(rating: .good, time: Timestamp(secondsSince1970: 1_800_000_000)), of: word.id)
    let mina = try await PostgresWordService(url: url, user: "mina")
    _ = try await mina.createBook(title: "Nouns")
    try await accounts.delete("jun")
    for table in ["books", "words", "reviews", "memory_states"] {
      #expect(
        try await PostgresTestServer.execute(
          "SELECT count(*) FROM \(table) WHERE user_id NOT IN (SELECT id FROM users)", in: url)
          == "0")
    }
    #expect(try await accounts.accounts().map(\.name) == ["mina"])
    #expect(try await mina.fetchBooks().map(\.title) == ["Nouns"])
  }

  /// A hash of older settings, or of Argon2i, is replaced at the next right sign-in, and kept at
  /// a wrong one.
  @Test func aHashOfOtherSettingsIsMadeAgainAtSignIn() async throws {
    let (accounts, url) = try await freshAccounts()
    try await accounts.add("mina", password: "placeholder")
    let older = [
      "$argon2id$v=19$m=8192,t=3,p=1$qHv9T3z6CgXspRzHHib5hA$"
        + "vdcNdk6f+/JC5ovV/TniTvh7/dDlEf4s6zMLVgJi5W0",
      "$argon2i$v=19$m=8192,t=3,p=1$MEgDl77l3ynMuqrd7Mm7Bg$"
        + "nSQ8CDRUFBcfnolZHUBRinaKRbN71VDSax5sD8nfvL8",
    ]
    for hash in older {
      try await PostgresTestServer.execute(
        "UPDATE users SET password_hash = '\(hash)' WHERE name = 'mina'", in: url)
      #expect(try await accounts.signIn("mina", password: "correct hors") == false)
      let kept = try await PostgresTestServer.execute(
        "SELECT password_hash FROM users WHERE name = 'mina'", in: url)
      #expect(kept == hash)
      #expect(try await accounts.signIn("mina", password: "correct horse"))
      let renewed = try await PostgresTestServer.execute(
        "SELECT password_hash FROM users WHERE name = 'mina'", in: url)
      #expect(renewed?.hasPrefix("$argon2id$v=19$m=65536,t=2,p=1$") == true)
      #expect(try await accounts.signIn("mina", password: "correct horse"))
    }
  }

  /// A sign-in lasts until it expires, is ended, the user's password changes or the user is
  /// deleted; only a hash of its secret is stored.
  @Test func aSignInLastsUntilItEndsExpiresOrItsUserChanges() async throws {
    let (accounts, url) = try await freshAccounts()
    try await accounts.add("mina", password: "correct horse")
    try await accounts.add("jun", password: "battery staple")
    let now = Timestamp(secondsSince1970: 1_800_000_000)
    let later = now.advanced(by: 3600)
    try await accounts.startSignIn("secret-1", of: "mina", until: later)
    try await accounts.startSignIn("secret-2", of: "mina", until: later)
    try await accounts.startSignIn("secret-3", of: "jun", until: later)
    #expect(try await accounts.signedInUser("secret-1", at: now) == "mina")
    #expect(try await accounts.signedInUser("secret-3", at: now) == "jun")
    #expect(try await accounts.signedInUser("secret-1", at: later) == nil)
    #expect(try await accounts.signedInUser("forged", at: now) == nil)
    let stored = try await PostgresTestServer.execute(
      "SELECT count(*) FROM sign_ins WHERE position('secret' in encode(secret_hash, 'escape')) > 0",
      in: url)
    #expect(stored == "0")
    await #expect(throws: AccountError.unknownUser("nobody")) {
      try await accounts.startSignIn("secret-4", of: "nobody", until: later)
    }
    try await accounts.endSignIn("secret-1")
    #expect(try await accounts.signedInUser("secret-1", at: now) == nil)
    #expect(try await accounts.signedInUser("secret-2", at: now) == "mina")
    try await accounts.setPassword("new horse staple", of: "mina")
    #expect(try await accounts.signedInUser("secret-2", at: now) == nil)
    try await accounts.delete("jun")
    #expect(try await accounts.signedInUser("secret-3", at: now) == nil)
  }
}
