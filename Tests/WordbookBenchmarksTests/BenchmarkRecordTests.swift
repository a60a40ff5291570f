import Foundation
import Testing
import WordbookTestSupport

/// `Benchmarks/README.md` is the record the benchmark runner makes from `results.json`, never
/// a hand's: running the built runner on the JSON gives the committed file byte for byte.
@Suite struct BenchmarkRecordTests {
  static let benchmarks = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Benchmarks")

  /// The built runner, next to the test bundle in the build products folder.
  static var runner: String {
    URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      .deletingLastPathComponent().appendingPathComponent("WordbookBenchmarks").path
  }

  /// A new folder of the test's own, which the caller removes.
  static func newFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("wordbook-record-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test func theRecordIsWhatTheRunnerMakesOfTheJSON() async throws {
    let folder = try Self.newFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let made = folder.appendingPathComponent("README.md").path
    let json = Self.benchmarks.appendingPathComponent("results.json").path
    let outcome = try await SpawnedCommand.run([Self.runner, "--from", json, "--record", made])
    #expect(outcome.status == 0, "\(outcome.error)")
    let committed = try String(
      contentsOf: Self.benchmarks.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(
      try String(contentsOfFile: made, encoding: .utf8) == committed,
      """
      Benchmarks/README.md is not what the runner makes of results.json: run swift run \
      WordbookBenchmarks --from Benchmarks/results.json --record Benchmarks/README.md
      """)
  }

  /// A run writes `null` for a number that is not finite, such as a ratio to a baseline of
  /// zero; the record reads it back and shows it as not available.
  @Test func aNumberTheJSONCouldNotHoldIsShownAsNotAvailable() async throws {
    let folder = try Self.newFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var json = try String(
      contentsOf: Self.benchmarks.appendingPathComponent("results.json"), encoding: .utf8)
    let ratio = try #require(json.firstRange(of: #/"ratio": [0-9.e+-]+/#))
    json.replaceSubrange(ratio, with: #""ratio": null"#)
    let sample = try #require(json.firstRange(of: #/"samples": \[[0-9.e+-]+/#))
    json.replaceSubrange(sample, with: #""samples": [null"#)
    let run = folder.appendingPathComponent("results.json").path
    try json.write(toFile: run, atomically: true, encoding: .utf8)
    let made = folder.appendingPathComponent("README.md").path
    let outcome = try await SpawnedCommand.run([Self.runner, "--from", run, "--record", made])
    #expect(outcome.status == 0, "\(outcome.error)")
    #expect(try String(contentsOfFile: made, encoding: .utf8).contains("| n/a |"))
  }

  @Test func aRecordNeedsARunsJSON() async throws {
    let alone = try await SpawnedCommand.run([Self.runner, "--record", "/dev/null"])
    #expect(alone.status == 2)
    #expect(alone.error.contains("--record is made from a run's JSON: add --json or --from"))
    let broken = try await SpawnedCommand.run([
      Self.runner, "--from", Self.benchmarks.appendingPathComponent("shuffle.svg").path,
      "--record", "/dev/null",
    ])
    #expect(broken.status == 1)
  }
}
