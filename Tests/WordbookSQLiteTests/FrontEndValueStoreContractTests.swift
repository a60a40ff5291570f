import Testing
import Wordbook
import WordbookPostgres
import WordbookSQLite
import WordbookTestSupport

/// A front end's values kept by the services that keep them: SQLite in its file, PostgreSQL
/// per user.
@Suite struct FrontEndValueStoreContractTests {
  @Test(arguments: [ServiceKind.sqlite, .postgres])
  func aValueIsKeptReplacedAndApartFromTheOthers(kind: ServiceKind) async throws {
    let (service, folder) = try await kind.make()
    let store = try #require(service as? any FrontEndValueStore)
    #expect(try await store.frontEndValue(for: "page_key") == nil)
    try await store.setFrontEndValue("first", for: "page_key")
    try await store.setFrontEndValue("다른 값", for: "theme")
    try await store.setFrontEndValue("second", for: "page_key")
    #expect(try await store.frontEndValue(for: "page_key") == "second")
    #expect(try await store.frontEndValue(for: "theme") == "다른 값")
    // The service's own settings are not a front end's values.
    #expect(try await store.frontEndValue(for: "review_settings") == nil)
    withExtendedLifetime(folder) {}
  }

  /// A value outlives the service: the next one on the same file reads it.
  @Test func aSQLiteFileKeepsTheValueForTheNextService() async throws {
    let folder = try TemporaryFolder()
    let path = folder.file("wordbook.sqlite")
    try await SQLiteWordService(path: path).setFrontEndValue("kept", for: "page_key")
    #expect(try await SQLiteWordService(path: path).frontEndValue(for: "page_key") == "kept")
  }

  /// Each PostgreSQL user has their own values.
  @Test func postgresUsersKeepTheirOwnValues() async throws {
    let url = try await PostgresTestServer.freshDatabaseURLForTest()
    let ada = try await PostgresWordService(url: url, user: "ada")
    let ben = try await PostgresWordService(url: url, user: "ben")
    try await ada.setFrontEndValue("ada's", for: "page_key")
    #expect(try await ben.frontEndValue(for: "page_key") == nil)
    try await ben.setFrontEndValue("ben's", for: "page_key")
    #expect(try await ada.frontEndValue(for: "page_key") == "ada's")
  }
}
