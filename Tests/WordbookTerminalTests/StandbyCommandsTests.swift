import Foundation
import Testing
import WordbookTestSupport

/// `wordbook stats` and `export` with `--replica`, run as a script would: they read from a hot
/// standby that has replayed the learner's newest change, and from the primary when it has
/// not, so a word added a moment ago is never missing; one that cannot be reached is said once,
/// and the primary answers; a replica that is not a standby of `--db` is refused.
@Suite(.serialized)
@MainActor
struct StandbyCommandsTests {
  @Test func statsAndExportReadFromTheStandbyWhenItHasTheNewestChange() async throws {
    let clusters = try await StreamingReplication.startForTest()
    let process = try WordbookProcess()
    do {
      try await Self.readFromBoth(clusters, process)
    } catch {
      process.removeFolder()
      await clusters.stop()
      throw error
    }
    process.removeFolder()
    await clusters.stop()
  }

  private static func readFromBoth(
    _ clusters: StreamingReplication, _ process: WordbookProcess
  ) async throws {
    let mina = ["--db", clusters.primary, "--user", "mina"]
    #expect(try await process.run(mina + ["new-book", "Verbs"]).status == 0)
    #expect(try await process.run(mina + ["add", "Verbs", "가다", "to go"]).status == 0)
    #expect(try await clusters.waitUntilStandbyCaughtUp())
    let before = try await clusters.standbyScans()

    let stats = try await process.run(mina + ["stats", "Verbs", "--replica", clusters.standby])
    #expect(stats.status == 0, "\(stats.error)")
    #expect(stats.output.contains("\tVerbs\ttotal 1"))
    let export = try await process.run(
      mina + ["export", "Verbs", "--format", "tsv", "--replica", clusters.standby])
    #expect(export.status == 0, "\(export.error)")
    #expect(export.output.contains("가다\tto go"))
    #expect(try await clusters.standbyScans() > before)

    // A standby that stopped replaying lacks the word added since: the primary answers.
    _ = try await PostgresTestServer.execute("SELECT pg_wal_replay_pause()", in: clusters.standby)
    #expect(try await process.run(mina + ["add", "Verbs", "오다", "to come"]).status == 0)
    let fresh = try await process.run(
      mina + ["export", "Verbs", "--format", "tsv", "--replica", clusters.standby])
    #expect(fresh.output.contains("오다\tto come"), "\(fresh.error)")
    _ = try await PostgresTestServer.execute("SELECT pg_wal_replay_resume()", in: clusters.standby)

    // A standby that cannot be reached is said once on standard error, escaped (its URL and
    // libpq's message quote the path); the primary answers.
    let gone = "postgresql://postgres@/postgres?host=/nonexistent/\u{1B}[2Jstandby"
    let unreached = try await process.run(mina + ["stats", "Verbs", "--replica", gone])
    #expect(unreached.status == 0, "\(unreached.error)")
    #expect(unreached.output.contains("\tVerbs\ttotal 2"))
    #expect(unreached.error.split(separator: "\n").count { $0.contains("replica") } == 1)
    #expect(!unreached.error.contains("\u{1B}"))

    // Another cluster is no standby of this one, and a SQLite file has none.
    let other = try await PostgresTestServer.freshDatabaseURLForTest()
    let notACopy = try await process.run(mina + ["stats", "--replica", other])
    #expect(notACopy.status == 1)
    #expect(notACopy.error.contains("--replica"), "\(notACopy.error)")
    let onAFile = try await process.run(["stats", "--replica", clusters.standby])
    #expect(onAFile.status == 2)
    #expect(onAFile.error.contains("--replica"))
    let notAURL = try await process.run(mina + ["export", "Verbs", "--replica", "standby.sqlite"])
    #expect(notAURL.status == 2)
  }
}
