import Testing
import Wordbook
import WordbookPostgres
import WordbookTestSupport

/// What the contract suite cannot say about PostgreSQL: users kept apart, the schema's versions,
/// several processes opening one database, and a lost connection.
@Suite struct PostgresWordServiceTests {
  private let start = Timestamp(secondsSince1970: 1_780_000_000)

  /// The sample of `PostgresWordService` and of the module's DocC landing page.
  @Test func theDocumentationSampleOpensAUsersBooks() async throws {
    let url = try await PostgresTestServer.freshDatabaseURLForTest()
    let service = try await PostgresWordService(url: url, user: "mina")
    let books = try await service.fetchBooks()
    #expect(books == [])
    #expect(service.user == "mina")
  }

  @Test func aUserNeverReadsOrChangesAnotherUsersRows() async throws {
    let url = try await PostgresTestServer.freshDatabaseURLForTest()
    let mina = try await PostgresWordService(url: url, user: "mina")
    let jun = try await PostgresWordService(url: url, user: "jun")
    let book = try await mina.createBook(title: "Verbs")
    let word = try await mina.saveWord(WordDraft(term: "가다", meaning: "to go"), to: book.id)
    try await mina.setLastStudiedBook(book.id)

    #expect(try await jun.fetchBooks() == [])
    #expect(try await jun.fetchTallies() == [:])
    #expect(try await jun.lastStudiedBook() == nil)
    #expect(try await jun.searchWords(matching: "", in: nil, after: nil, limit: 10) == [])
    func expectNotFound(_ body: () async throws -> Void) async {
      let error = await #expect(throws: WordServiceError.self) { try await body() }
      #expect(error?.kind == .notFound)
    }
    await expectNotFound { _ = try await jun.fetchWords(in: book.id) }
    await expectNotFound { _ = try await jun.fetchWords(in: book.id, after: nil, limit: 5) }
    await expectNotFound {
      _ = try await jun.saveWord(WordDraft(term: "x", meaning: "y"), to: book.id)
    }
    await expectNotFound {
      try await jun.updateStudyStates([StudyStateChange(wordID: word.id, state: .fail)])
    }
    await expectNotFound { _ = try await jun.updateWord(word.id, term: "x", meaning: "y") }
    await expectNotFound { try await jun.deleteWord(word.id) }
    await expectNotFound { _ = try await jun.renameBook(book.id, to: "Mine") }
    await expectNotFound { try await jun.deleteBook(book.id) }
    await expectNotFound { try await jun.setLastStudiedBook(book.id) }
    await expectNotFound {
      _ = try await jun.searchWords(matching: "", in: book.id, after: nil, limit: 5)
    }
    // Titles are per user: jun may have a "Verbs" of his own.
    let junsVerbs = try await jun.createBook(title: "verbs")
    #expect(junsVerbs.id != book.id)

    var stored = book
    stored.wordCount = 1
    #expect(try await mina.fetchBooks() == [stored])
    #expect(try await mina.fetchWords(in: book.id) == [word])
    #expect(try await mina.lastStudiedBook() == book.id)
  }

  @Test func processesOpeningANewDatabaseAtOnceCreateItOnce() async throws {
    let url = try await PostgresTestServer.freshDatabaseURLForTest()
    let users = try await withThrowingTaskGroup(of: Int.self) { group in
      for _ in 0..<6 {
        group.addTask {
          let service = try await PostgresWordService(
            url: url, user: "mina", seedsSampleWordbook: true)
          return service.createdUser ? 1 : 0
        }
      }
      return try await group.reduce(0, +)
    }
    #expect(users == 1)
    let service = try await PostgresWordService(url: url, user: "mina")
    #expect(try await service.fetchBooks().map(\.title) == SampleWordbook.books.map(\.title))
    #expect(
      try await PostgresTestServer.execute("SELECT count(*) FROM schema_version", in: url) == "1")
  }

  @Test func aDatabaseOfANewerSchemaIsRefusedUntouched() async throws {
    let url = try await PostgresTestServer.freshDatabaseURLForTest()
    _ = try await PostgresWordService(url: url, user: "mina")
    try await PostgresTestServer.execute("UPDATE schema_version SET version = 99", in: url)
    let error = await #expect(throws: WordServiceError.self) {
      try await PostgresWordService(url: url, user: "jun")
    }
    #expect(error?.kind == .unsupportedVersion)
    #expect(try await PostgresTestServer.execute("SELECT count(*) FROM users", in: url) == "1")
  }

  /// A pooled connection the server ended while it was idle (a restart, an administrator) is
  /// found ended before the next call uses it, which connects again and succeeds.
  @Test func aConnectionTheServerEndedIsOpenedAgainBeforeTheNextCall() async throws {
    let name = "wordbook-lost-\(UInt64.random(in: 0...UInt64.max))"
    let base = try await PostgresTestServer.freshDatabaseURLForTest()
    let service = try await PostgresWordService(
      url: base + "&application_name=" + name, user: "mina")
    let book = try await service.createBook(title: "Verbs")
    // The query is prepared on the old session: the new one must prepare it again.
    #expect(try await service.fetchBooks() == [book])
    try await PostgresTestServer.endSessions(named: name, in: base)
    #expect(try await service.fetchBooks() == [book])
  }

  /// A rating's review and its mark are one transaction: when the mark cannot be stored,
  /// neither is the review, nor the memory state it gives.
  @Test func aRatingWhoseMarkFailsLeavesNoReview() async throws {
    let url = try await PostgresTestServer.freshDatabaseURLForTest()
    let service = try await PostgresWordService(url: url, user: "mina")
    let book = try await service.createBook(title: "Verbs")
    let word = try await service.saveWord(WordDraft(term: "가다", meaning: "to go"), to: book.id)
    _ = try await PostgresTestServer.execute(
      """
      CREATE FUNCTION refuse_marks() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$;
      CREATE TRIGGER refuse_marks BEFORE UPDATE OF study_state ON words
        FOR EACH ROW EXECUTE FUNCTION refuse_marks();
      """, in: url)
    await #expect(throws: WordServiceError.self) {
      try await service.recordReview(Review(rating: .good, time: start), of: word.id)
    }
    #expect(try await PostgresTestServer.execute("SELECT count(*) FROM reviews", in: url) == "0")
    #expect(
      try await PostgresTestServer.execute("SELECT count(*) FROM memory_states", in: url) == "0")
    _ = try await PostgresTestServer.execute("DROP TRIGGER refuse_marks ON words", in: url)
    _ = try await service.recordReview(Review(rating: .good, time: start), of: word.id)
    #expect(try await PostgresTestServer.execute("SELECT study_state FROM words", in: url) == "1")
  }

  /// A blank name is refused before the server is asked, whatever the URL.
  @Test func aBlankUserNameIsRefused() async throws {
    for user in ["", "  ", "\t\n"] {
      await #expect(throws: WordServiceError(.invalidInput, reason: .blankUserName)) {
        try await PostgresWordService(
          url: "postgresql://nobody@/wordbook?host=/nonexistent-socket-folder", user: user)
      }
    }
  }

  @Test func aServerThatCannotBeReachedIsUnavailable() async throws {
    let error = await #expect(throws: WordServiceError.self) {
      try await PostgresWordService(
        url: "postgresql://nobody@/wordbook?host=/nonexistent-socket-folder", user: "mina")
    }
    #expect(error?.kind == .unavailable)
    #expect(error?.message.contains("cannot be reached") == true)
  }

  /// A password in the URL, in any of the places libpq reads one, never reaches a message.
  @Test func theURLsPasswordIsNeverShown() async throws {
    let urls = [
      "postgresql://mina:s3cret@/wordbook?host=/nonexistent-socket-folder",
      "postgresql://mina@/wordbook?host=/nonexistent-socket-folder&password=s3cret",
      "postgresql://mina@/wordbook?password=s3cret&host=/nonexistent-socket-folder",
      "postgresql://mina@/wordbook?host=/nonexistent-socket-folder&password=s3%63ret",
      "postgres://mina:s3cret%zz@/wordbook?host=/nonexistent-socket-folder",
      "postgresql://mina@/wordbook?host=/nonexistent-socket-folder&password=s3cret&nonsense=1",
      "postgresql://mina@/wordbook?host=/nonexistent-socket-folder&sslpassword=s3cret",
      "host=/nonexistent-socket-folder password=s3cret dbname=wordbook",
      "host=/nonexistent-socket-folder password = 's3cret' dbname=wordbook",
    ]
    for url in urls {
      let error = await #expect(throws: WordServiceError.self) {
        try await PostgresWordService(url: url, user: "mina")
      }
      for language in Language.allCases {
        let message = error?.message(in: language, for: .owner) ?? ""
        #expect(!message.contains("s3cret") && !message.contains("s3%63ret"), "\(message)")
      }
      #expect(!"\(String(describing: error))".contains("s3cret"), "\(url)")
    }
    let error = await #expect(throws: WordServiceError.self) {
      try await PostgresWordService(url: urls[0], user: "mina")
    }
    #expect(error?.message.contains("postgresql://mina@/wordbook") == true)
  }
}
