import Foundation
import Testing
import WordbookTestSupport

/// Runs the built `wordbook` binary on a PostgreSQL database with `--user`, as a script would:
/// each user sees their own wordbooks only.
@Suite struct PostgresCommandTests {
  private func run(
    _ process: WordbookProcess, _ arguments: [String], environment: [String: String] = [:]
  ) async throws -> WordbookProcess.Outcome {
    try await process.run(arguments, environment: environment)
  }

  @Test func subcommandsWorkForEachUserApart() async throws {
    let url = try await PostgresTestServer.freshDatabaseURLForTest()
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let mina = ["--db", url, "--user", "mina"]
    let books = try await run(process, mina + ["books"])
    #expect(books.status == 0, "\(books.error)")
    #expect(books.output == "1\tKorean basics\t12\n")
    let created = try await run(process, mina + ["new-book", "Verbs 動詞"])
    #expect(created.output == "Created wordbook 2: Verbs 動詞\n")
    #expect(try await run(process, mina + ["add", "verbs 動詞", "가다", "to go"]).status == 0)
    let words = try await run(process, mina + ["words", "2"])
    #expect(words.output.hasSuffix("\tnot-studied\t가다\tto go\n"))

    // Another user gets a sample book of their own and never sees mina's.
    let jun = ["--user", "jun"]
    let junBooks = try await run(process, jun + ["books"], environment: ["WORDBOOK_DB": url])
    #expect(junBooks.output == "3\tKorean basics\t12\n")
    let refused = try await run(process, ["--db", url] + jun + ["words", "2"])
    #expect(refused.status == 1)
    #expect(refused.error.contains("no wordbook has"))
    let stats = try await run(process, mina + ["stats", "2"])
    #expect(stats.output.hasPrefix("2\tVerbs 動詞\ttotal 1"))
  }

  @Test func aDatabaseOfTheFirstSchemaIsUpgradedWithoutANoise() async throws {
    let url = try await PostgresTestServer.freshDatabaseURLForTest()
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let mina = ["--db", url, "--user", "mina"]
    #expect(try await run(process, mina + ["books"]).status == 0)
    try await PostgresTestServer.execute(
      """
      DROP FUNCTION changes_notify() CASCADE; DROP FUNCTION sign_ins_notify() CASCADE;
      DROP TABLE sign_ins; DROP TABLE memory_states;
      DROP TABLE reviews; ALTER TABLE books DROP COLUMN study_mode;
      ALTER TABLE settings DROP COLUMN text_value; ALTER TABLE users DROP COLUMN password_hash;
      UPDATE schema_version SET version = 1
      """, in: url)
    let upgraded = try await run(process, mina + ["books"])
    #expect(upgraded.error == "")
    #expect(upgraded.output == "1\tKorean basics\t12\n")
    #expect(
      try await PostgresTestServer.execute("SELECT version FROM schema_version", in: url) == "9")
  }

  @Test func aDatabaseURLWithoutUserIsAUsageError() async throws {
    let url = try await PostgresTestServer.freshDatabaseURLForTest()
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let outcome = try await run(process, ["--db", url, "books"])
    #expect(outcome.status == 2)
    #expect(outcome.output.isEmpty)
    #expect(outcome.error.contains("--user NAME"))
    let blank = try await run(process, ["--db", url, "--user", " ", "books"])
    #expect(blank.status == 2)
  }

  @Test func anUnreachableServerIsARetryableRuntimeError() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let url = "postgresql://nobody@/wordbook?host=\(process.folder.path)"
    let outcome = try await run(process, ["--db", url, "--user", "mina", "books"])
    #expect(outcome.status == 1)
    #expect(outcome.error.contains("cannot be reached"))
    // A password in the URL is left out of every message, the commands' and serve's.
    let secret = url + "&password=s3cret"
    for arguments in [
      ["--db", secret, "--user", "mina", "books"], ["--db", secret, "serve", "--port", "0"],
      ["--db", secret, "users", "list"],
      ["--db", secret.replacing("?", with: "?bad%zz=1&"), "--user", "mina", "books"],
    ] {
      let failed = try await run(process, arguments)
      #expect(failed.status != 0)
      #expect(
        !failed.error.contains("s3cret") && !failed.output.contains("s3cret"), "\(failed.error)")
    }
  }

  /// `serve` on a PostgreSQL database signs learners in; on a server it cannot reach it says so
  /// and exits 1, in the user's language; `--peers` or `--replica` where learners do not sign in
  /// is a usage error.
  @Test func serveRefusesAnUnreachableServerAndPeersWithoutSignIn() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let unreachable = "postgresql://nobody@/wordbook?host=\(process.folder.path)"
    let outcome = try await run(process, ["--db", unreachable, "serve", "--port", "0"])
    #expect(outcome.status == 1)
    #expect(outcome.error.contains("cannot be reached"))
    let korean = try await run(
      process, ["--db", unreachable, "serve", "--port", "0"], environment: ["LANG": "ko_KR.UTF-8"])
    #expect(korean.status == 1)
    #expect(korean.error.contains("연결할 수 없습니다"))
    let peers = try await run(
      process,
      ["--db", process.databasePath, "serve", "--port", "0", "--peers", "http://127.0.0.1:1"])
    #expect(peers.status == 2)
    #expect(peers.error.contains("--peers needs a PostgreSQL database whose learners sign in"))
    let replica = try await run(
      process, ["--db", process.databasePath, "serve", "--port", "0", "--replica", unreachable])
    #expect(replica.status == 2)
    #expect(replica.error.contains("--replica takes the postgresql:// URL of a hot standby"))
  }
}
