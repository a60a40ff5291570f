import Foundation
import Testing
import WordbookPostgres
import WordbookTestSupport

/// `wordbook users` on a PostgreSQL database, run as an administrator would: from a script with
/// the password on standard input, and on a terminal that asks twice without echo.
@Suite struct UsersCommandTests {
  /// A process and a fresh database's URL, or the test is cancelled when PostgreSQL or
  /// libsodium is missing outside CI.
  private func freshDatabase() async throws -> (WordbookProcess, db: [String]) {
    if !PostgresAccounts.isHashingAvailable && !PostgresTestServer.isRequired {
      try Test.cancel("libsodium is not installed (the libsodium23 package)")
    }
    let url = try await PostgresTestServer.freshDatabaseURLForTest()
    return (try WordbookProcess(), ["--db", url])
  }

  @Test func usersOnASQLiteFileIsAUsageError() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    try await process.runOnDatabase(["users", "list"])
      .expectFailure(2, "manages the accounts of a PostgreSQL database")
    #expect(!FileManager.default.fileExists(atPath: process.databasePath))
  }

  @Test func aTerminalAsksTwiceWithoutEchoAndRefusesTwoDifferentPasswords() async throws {
    let (process, db) = try await freshDatabase()
    defer { process.removeFolder() }
    let differing = try await PseudoTerminalSession(
      arguments: db + ["users", "add", "mina"], environment: process.environment)
    try await differing.waitForOutput(containing: "New password for mina: ")
    #expect(try differing.isInLineMode() == false)
    try differing.press("correct horse\r")
    try await differing.waitForOutput(containing: "Type it again: ")
    try differing.press("correct horsf\r")
    #expect(try await differing.waitForExit() == 1)
    #expect(differing.text.contains("the two passwords differ"))
    #expect(!differing.text.contains("correct"))
    #expect(try await process.run(db + ["users", "list"]).output == "")

    let korean = try await PseudoTerminalSession(
      arguments: db + ["users", "add", "mina"],
      environment: process.environment.merging(["LANG": "ko_KR.UTF-8"]) { $1 })
    try await korean.waitForOutput(containing: "mina의 새 비밀번호: ")
    try korean.press("correct horse\r")
    try await korean.waitForOutput(containing: "한 번 더 입력하세요: ")
    try korean.press("correct horse\r")
    #expect(try await korean.waitForExit() == 0)
    #expect(korean.text.contains("사용자 mina를 추가했습니다."))
    #expect(try await process.run(db + ["users", "list"]).output == "mina\t0\t0\tpassword\n")
  }

  @Test func aSignalAtThePromptGivesTheTerminalItsEchoBack() async throws {
    let (process, db) = try await freshDatabase()
    defer { process.removeFolder() }
    let session = try await PseudoTerminalSession(
      arguments: db + ["users", "passwd", "mina"], environment: process.environment)
    try await session.waitForOutput(containing: "New password for mina: ")
    #expect(try session.isInLineMode() == false)
    session.signal(SIGINT)
    #expect(try await session.waitForExit() == 130)
    #expect(try session.isInLineMode())
  }
}
