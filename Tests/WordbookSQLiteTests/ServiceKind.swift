import Testing
import Wordbook
import WordbookPostgres
import WordbookSQLite
import WordbookTestSupport

/// The ``WordService`` implementations the contract suite runs against.
enum ServiceKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case inMemory
  case sqlite
  case postgres
  /// PostgreSQL with the database as its own hot standby (`replica:`): every read that a
  /// standby may answer takes the standby's way, its check included.
  case postgresWithReplica

  var testDescription: String { rawValue }

  /// A new, empty service, and the folder its file lives in (kept alive by the caller).
  ///
  /// A PostgreSQL service gets a schema of its own on the test server. When that server cannot
  /// be started, the test case is cancelled with the reason, unless `CI=true` requires it.
  func make() async throws -> (service: any WordService, folder: TemporaryFolder) {
    let folder = try TemporaryFolder()
    switch self {
    case .inMemory:
      return (InMemoryWordService(), folder)
    case .sqlite:
      return (try SQLiteWordService(path: folder.file("wordbook.sqlite")), folder)
    case .postgres:
      let url = try await PostgresTestServer.freshDatabaseURLForTest()
      return (try await PostgresWordService(url: url, user: "learner"), folder)
    case .postgresWithReplica:
      let url = try await PostgresTestServer.freshDatabaseURLForTest()
      return (try await PostgresWordService(url: url, user: "learner", replica: url), folder)
    }
  }
}
