import Foundation
import Testing
import WordbookSQLite

@testable import Wordbook

/// Once everything settles, the store shows exactly what the service holds: every mark, save
/// and delete either reached the service and shows, or failed, showed an error, and was put
/// back.
@MainActor
@Suite struct StoreServiceConvergenceTests {
  static let sequences = ReliabilityPropertyTests.sequences

  @Test func scriptedFailuresAndDelaysNeverLeaveTheStoreAndServiceApart() async throws {
    var compared = 0
    var failures = 0
    for index in 0..<Self.sequences {
      let seed = 0xC0DE_0000 &+ UInt64(index)
      let moves = ReliabilityPropertyTests.moves(seed: seed, network: true, bogus: false)
      let session = ScriptedSession(seed: seed)
      await session.run(moves)
      failures += await session.service.counts.injectedFailures
      let violation = await Self.storeServiceDivergence(session)
      if let violation {
        await recordScriptedFailure(seed: seed, violation: violation, moves: moves) {
          await Self.storeServiceDivergence($0) != nil
        }
        return
      }
      if session.state.session.wordsStatus == .loaded { compared += 1 }
    }
    print(
      "Reliability: \(Self.sequences) scripted sessions with \(failures) injected failures; "
        + "\(compared) ended with a loaded book, and its words and marks equal the service's")
  }

  @Test func aLiveStoreOnAFlakyInMemoryServiceConvergesAfterSettling() async throws {
    try await Self.checkLiveConvergence(
      sessions: max(Self.sequences / 10, 1), seedBase: 0xF1A6_0000, label: "in-memory",
      session: LiveSession(failureRate: 0.3, latency: .milliseconds(1)))
  }

  @Test func aLiveStoreOnAFlakySQLiteServiceConvergesAfterSettling() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("wordbook-reliability-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var session = LiveSession(failureRate: 0.3, latency: .milliseconds(1))
    session.makeBase = {
      let service = try SQLiteWordService(
        path: folder.appendingPathComponent("\(UUID().uuidString).sqlite").path)
      for (title, words) in reliabilityBooks {
        if words.isEmpty {
          _ = try await service.createBook(title: title)
        } else {
          _ = try await service.importWords(
            words, intoBookTitled: title, onDuplicate: .keep, progress: { _ in })
        }
      }
      return service
    }
    try await Self.checkLiveConvergence(
      sessions: max(Self.sequences / 10, 1), seedBase: 0x5A17_0000, label: "SQLite",
      session: session)
  }

  /// Runs live sessions and checks that each ends with the store equal to the service.
  static func checkLiveConvergence(
    sessions: Int, seedBase: UInt64, label: String, session: LiveSession
  ) async throws {
    var compared = 0
    var calls = 0
    var failures = 0
    for index in 0..<sessions {
      let seed = seedBase &+ UInt64(index)
      let moves = ReliabilityPropertyTests.moves(seed: seed, network: true, bogus: false)
      let outcome = try await session.run(moves, seed: seed)
      calls += outcome.calls
      failures += outcome.injectedFailures
      if let violation = outcome.session.violation ?? outcome.divergence {
        Issue.record(
          Comment(
            rawValue: "Seed \(seed) (0x\(String(seed, radix: 16))), \(label): \(violation)\n"
              + "Steps: \(moves.map(\.description).joined(separator: ", "))"))
        return
      }
      if outcome.loaded { compared += 1 }
    }
    print(
      "Reliability: \(sessions) live-store sessions on a flaky \(label) service, \(calls) calls, "
        + "\(failures) failed on purpose; \(compared) ended loaded and equal to the service")
  }

  private static func storeServiceDivergence(_ session: ScriptedSession) async -> String? {
    if let violation = session.outcome.violation { return violation }
    return await divergence(of: session.state, from: session.base)
  }
}
