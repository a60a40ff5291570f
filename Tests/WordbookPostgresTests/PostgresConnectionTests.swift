import Testing
import Wordbook
import WordbookTestSupport

@testable import WordbookPostgres

/// A connection gives up on a silent network unless its URL says otherwise, a pipeline answers
/// every statement in order, and one that fails leaves the connection ready for the next call.
@Suite struct PostgresConnectionTests {
  @Test func aSilentNetworkIsGivenUpOnUnlessTheURLSaysOtherwise() async throws {
    let url = try await PostgresTestServer.freshDatabaseURLForTest() + "&connect_timeout=3"
    let connection = try PostgresConnection(url: url)
    #expect(connection.option("connect_timeout") == "3")
    #expect(connection.option("tcp_user_timeout") == "30000")
    #expect(connection.option("keepalives_idle") == "15")
    // The URL's own options (a test database's schema) still reach the server.
    let schema = try connection.query("SELECT current_schema()", [], .openDatabase).text(0, 0)
    #expect(url.contains(schema))
  }

  @Test func aPipelineAnswersEachStatementInOrder() async throws {
    let database = PostgresDatabase(url: try await PostgresTestServer.freshDatabaseURLForTest())
    let answers = try await database.run { connection throws(WordServiceError) in
      try connection.pipeline(
        [("SELECT $1::integer + 1", [.integer(1)]), ("SELECT 'second'", [])], .loadBooks
      ).map { $0.text(0, 0) }
    }
    #expect(answers == ["2", "second"])
  }

  @Test func aFailedPipelineIsRolledBackAndTheNextCallWorks() async throws {
    let database = PostgresDatabase(url: try await PostgresTestServer.freshDatabaseURLForTest())
    let error = await #expect(throws: WordServiceError.self) {
      try await database.run { connection throws(WordServiceError) in
        _ = try connection.pipeline(
          [
            ("BEGIN", []), ("CREATE TEMPORARY TABLE cut_short (x integer)", []),
            ("SELECT 1 / $1::integer", [.integer(0)]), ("SELECT 1", []),
          ], .loadBooks)
      }
    }
    #expect(error?.message.contains("division by zero") == true)
    let tables = try await database.run { connection throws(WordServiceError) in
      try connection.query(
        "SELECT count(*) FROM pg_class WHERE relname = 'cut_short'", [], .loadBooks
      ).integer(0, 0)
    }
    #expect(tables == 0)
  }
}
