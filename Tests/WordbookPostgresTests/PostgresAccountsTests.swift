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
    let user = try await accounts.signIn("mina", password: "correct horse")  // mina and her ID
    #expect(user?.name == "mina")
  }

  @Test func onlyTheRightPasswordOfAKnownUserSignsIn() async throws {
    let (accounts, url) = try await freshAccounts()
    try await accounts.add(" mina ", password: "correct horse")
    _ = try await PostgresWordService(url: url, user: "jun")
    #expect(try await accounts.signIn("mina", password: "correct horse") != nil)
    #expect(try await accounts.signIn("mina", password: "correct horsE") == nil)
    #expect(try await accounts.signIn("mina", password: "correct horse\u{0}x") == nil)
    #expect(try await accounts.signIn("nobody", password: "correct horse") == nil)
    // A user `--user` created has no password until one is set.
    #expect(try await accounts.signIn("jun", password: "") == nil)
    try await accounts.setPassword("battery staple", of: "jun")
    #expect(try await accounts.signIn("jun", password: "battery staple") != nil)
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
    #expect(try await accounts.signIn("mina", password: "correct horse") != nil)
    // Eight characters are enough, whatever their script.
    try await accounts.setPassword("한국어비밀번호다", of: "mina")
    #expect(try await accounts.signIn("mina", password: "한국어비밀번호다") != nil)
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
      #expect(try await accounts.signIn("mina", password: "correct hors") == nil)
      let kept = try await PostgresTestServer.execute(
        "SELECT password_hash FROM users WHERE name = 'mina'", in: url)
      #expect(kept == hash)
      #expect(try await accounts.signIn("mina", password: "correct horse") != nil)
      let renewed = try await PostgresTestServer.execute(
        "SELECT password_hash FROM users WHERE name = 'mina'", in: url)
      #expect(renewed?.hasPrefix("$argon2id$v=19$m=65536,t=2,p=1$") == true)
      #expect(try await accounts.signIn("mina", password: "correct horse") != nil)
    }
  }

  /// A sign-in lasts until it expires, is ended, the user's password changes or the user is
  /// deleted; only a hash of its secret is stored.
  @Test func aSignInLastsUntilItEndsExpiresOrItsUserChanges() async throws {
    let (accounts, url) = try await freshAccounts()
    try await accounts.add("mina", password: "correct horse")
    try await accounts.add("jun", password: "battery staple")
    let mina = try #require(try await accounts.signIn("mina", password: "correct horse"))
    let jun = try #require(try await accounts.signIn("jun", password: "battery staple"))
    #expect(mina.id != jun.id)
    let now = Timestamp(secondsSince1970: 1_800_000_000)
    let later = now.advanced(by: 3600)
    try await accounts.startSignIn("secret-1", of: mina, until: later)
    try await accounts.startSignIn("secret-2", of: mina, until: later)
    try await accounts.startSignIn("secret-3", of: jun, until: later)
    let all: Set = ["secret-1", "secret-2", "secret-3", "forged"]
    #expect(
      try await accounts.signedInUsers(all, at: now) == [
        "secret-1": mina, "secret-2": mina, "secret-3": jun,
      ])
    #expect(try await accounts.signedInUsers(all, at: later).isEmpty)
    #expect(try await accounts.signedInUsers([], at: now).isEmpty)
    // A secret with quotes, backslashes, commas and braces is one secret, however joined.
    #expect(try await accounts.signedInUsers(["\"\u{301},\\\"}{secret-1"], at: now).isEmpty)
    let stored = try await PostgresTestServer.execute(
      "SELECT count(*) FROM sign_ins WHERE position('secret' in encode(secret_hash, 'escape')) > 0",
      in: url)
    #expect(stored == "0")
    try await accounts.endSignIn("secret-1")
    #expect(
      try await accounts.signedInUsers(all, at: now).keys.sorted() == ["secret-2", "secret-3"])
    try await accounts.setPassword("new horse staple", of: "mina")
    #expect(try await accounts.signedInUsers(all, at: now).keys.sorted() == ["secret-3"])
    try await accounts.delete("jun")
    #expect(try await accounts.signedInUsers(all, at: now).isEmpty)
    await #expect(throws: AccountError.unknownUser("jun")) {
      try await accounts.startSignIn("secret-4", of: jun, until: later)
    }
  }

  /// A user deleted and added again under the same name is another account: the old one's
  /// ID opens no service and signs nobody in.
  @Test func aUserAddedAgainIsAnotherAccount() async throws {
    let (accounts, url) = try await freshAccounts()
    try await accounts.add("mina", password: "correct horse")
    let old = try #require(try await accounts.signIn("mina", password: "correct horse"))
    let service = try await PostgresWordService(url: url, userID: old.id)
    _ = try await service.createBook(title: "Old")
    try await accounts.delete("mina")
    try await accounts.add("mina", password: "correct horse")
    let new = try #require(try await accounts.signIn("mina", password: "correct horse"))
    #expect(new.id != old.id && new.name == old.name)
    let gone = await #expect(throws: WordServiceError.self) {
      try await PostgresWordService(url: url, userID: old.id)
    }
    #expect(gone?.reason == .userNotFound(old.id))
    let fresh = try await PostgresWordService(url: url, userID: new.id)
    #expect(try await fresh.fetchBooks().isEmpty)
    #expect(try await fresh.createBook(title: "New").title == "New")
  }

  /// Ending a sign-in, changing a password or deleting a user tells the listening servers at
  /// once.
  @Test func endedSignInsAreHeardAtOnce() async throws {
    let (accounts, _) = try await freshAccounts()
    try await accounts.add("mina", password: "correct horse")
    let mina = try #require(try await accounts.signIn("mina", password: "correct horse"))
    var endings = accounts.signInEndings().makeAsyncIterator()
    // The listener says so once it listens, for what ended before.
    #expect(await endings.next() != nil)
    for end in [
      { () async throws in try await accounts.endSignIn("secret-1") },
      { () async throws in try await accounts.setPassword("new horse staple", of: "mina") },
      { () async throws in try await accounts.delete("mina") },
    ] {
      try await accounts.startSignIn("secret-1", of: mina, until: .now.advanced(by: 3600))
      try await end()
      #expect(await endings.next() != nil)
    }
  }

  /// A name has at most 256 bytes: the page refuses a longer one before it asks the accounts,
  /// so no account that can sign in may have one.
  @Test func aNameOfMoreThan256BytesIsRefused() async throws {
    let (accounts, _) = try await freshAccounts()
    let long = String(repeating: "가", count: 86)
    await #expect(throws: AccountError.nameTooLong(maximumBytes: 256)) {
      try await accounts.add(long, password: "correct horse")
    }
    await #expect(throws: AccountError.nameTooLong(maximumBytes: 256)) {
      try await accounts.setPassword("correct horse", of: long)
    }
    try await accounts.add(String(long.dropLast()) + "a", password: "correct horse")
    #expect(try await accounts.accounts().count == 1)
  }
}
