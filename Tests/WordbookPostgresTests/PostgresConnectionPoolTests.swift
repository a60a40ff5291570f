import StoreCore
import Testing
import Wordbook
import WordbookPostgres
import WordbookTestSupport

@testable import WordbookPostgres

/// The services of a process share a few connections per database, each service's calls still
/// run one at a time, and a connection goes back to the pool clean.
@Suite struct PostgresConnectionPoolTests {
  @Test func manyServicesShareAtMostTheLimitOfConnections() async throws {
    let (url, base, name) = try await Self.namedURL()
    let services = try await withThrowingTaskGroup(of: PostgresWordService.self) { group in
      for index in 0..<24 {
        group.addTask { try await PostgresWordService(url: url, user: "learner\(index)") }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    // Every service calls at once, several times: more calls than connections wait their turn.
    try await withThrowingTaskGroup(of: Void.self) { group in
      for service in services {
        group.addTask { for _ in 0..<5 { _ = try await service.fetchBooks() } }
      }
      try await group.waitForAll()
    }
    let connections = try await Self.connectionCount(name, in: base)
    #expect(connections >= 1)
    #expect(connections <= PostgresConnectionPool.connectionLimit)
  }

  @Test func theConnectionsCloseWithTheLastServiceReleased() async throws {
    let (url, base, name) = try await Self.namedURL()
    var service: PostgresWordService? = try await PostgresWordService(url: url, user: "mina")
    _ = try await service?.fetchBooks()
    #expect(try await Self.connectionCount(name, in: base) == 1)
    service = nil
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(10)
    while try await Self.connectionCount(name, in: base) != 0, clock.now < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    #expect(try await Self.connectionCount(name, in: base) == 0)
  }

  @Test func oneCallersCallsNeverOverlap() async throws {
    let url = try await PostgresTestServer.freshDatabaseURLForTest()
    let database = PostgresDatabase(url: url)
    let running = Locked((now: 0, most: 0))
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<40 {
        group.addTask {
          try await database.run { connection throws(WordServiceError) in
            running.withLock {
              $0.now += 1
              $0.most = max($0.most, $0.now)
            }
            try connection.execute("SELECT pg_sleep(0.002)", .loadBooks)
            running.withLock { $0.now -= 1 }
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(running.withLock { $0.most } == 1)
  }

  @Test func aTransactionLeftOpenIsRolledBackBeforeTheNextCall() async throws {
    let url = try await PostgresTestServer.freshDatabaseURLForTest()
    let database = PostgresDatabase(url: url)
    try await database.run { connection throws(WordServiceError) in
      try connection.execute("BEGIN", .loadBooks)
      try connection.execute("CREATE TEMPORARY TABLE left_open (x integer)", .loadBooks)
    }
    let tables = try await database.run { connection throws(WordServiceError) in
      try connection.query(
        "SELECT count(*) FROM pg_class WHERE relname = 'left_open'", [], .loadBooks
      ).integer(0, 0)
    }
    #expect(tables == 0)
  }

  @Test func aConnectionOpenedAgainHasTheSessionsSettings() async throws {
    let (url, base, name) = try await Self.namedURL()
    let database = PostgresDatabase(url: url)
    let lockTimeout = { @Sendable () async throws(WordServiceError) -> String in
      try await database.run { connection throws(WordServiceError) in
        try connection.query("SHOW lock_timeout", [], .loadBooks).text(0, 0)
      }
    }
    #expect(try await lockTimeout() == "5s")
    try await PostgresTestServer.endSessions(named: name, in: base)
    #expect(try await lockTimeout() == "5s")
  }

  /// A connection lost while a call runs fails that call with a retryable error (what it did
  /// may or may not have been committed, so it is not run again); the next call connects again.
  @Test func aConnectionLostDuringACallFailsItRetryably() async throws {
    let (url, base, name) = try await Self.namedURL()
    let database = PostgresDatabase(url: url)
    let sleeping = Task {
      try await database.run { connection throws(WordServiceError) in
        try connection.execute("SELECT pg_sleep(60)", .loadBooks)
      }
    }
    let asleep =
      "SELECT count(*) FROM pg_stat_activity WHERE application_name = '\(name)'"
      + " AND query LIKE '%pg_sleep%'"
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(60)
    while try await PostgresTestServer.execute(asleep, in: base) != "1", clock.now < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    try await PostgresTestServer.endSessions(named: name, in: base)
    let error = await #expect(throws: WordServiceError.self) { try await sleeping.value }
    #expect(error?.kind == .unavailable)
    #expect(error?.isRetryable == true)
    let answer = try await database.run { connection throws(WordServiceError) in
      try connection.query("SELECT 1", [], .loadBooks).integer(0, 0)
    }
    #expect(answer == 1)
  }

  /// Sign-ins share the pool: one right after the server ended its connections goes through.
  @Test func aSignInAfterTheServerEndedTheConnectionsGoesThrough() async throws {
    if !PostgresAccounts.isHashingAvailable && !PostgresTestServer.isRequired {
      try Test.cancel("libsodium is not installed (the libsodium23 package)")
    }
    let (url, base, name) = try await Self.namedURL()
    let accounts = try await PostgresAccounts(url: url)
    try await accounts.add("mina", password: "correct horse")
    try await PostgresTestServer.endSessions(named: name, in: base)
    #expect(try await accounts.signIn("mina", password: "correct horse") != nil)
  }

  /// A fresh database's URL with an application name of its own, the URL without it, and the
  /// name.
  private static func namedURL() async throws -> (url: String, base: String, name: String) {
    let name = "wordbook-pool-\(UInt64.random(in: 0...UInt64.max))"
    let base = try await PostgresTestServer.freshDatabaseURLForTest()
    return (base + "&application_name=" + name, base, name)
  }

  /// How many of the server's sessions carry the application name.
  private static func connectionCount(_ name: String, in base: String) async throws -> Int {
    let count = try await PostgresTestServer.execute(
      "SELECT count(*) FROM pg_stat_activity WHERE application_name = '\(name)'", in: base)
    return try #require(count.flatMap { Int($0) })
  }
}
