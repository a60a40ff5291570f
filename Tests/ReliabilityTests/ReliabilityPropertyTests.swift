import Foundation
import StoreCore
import Testing

@testable import Wordbook

/// Thousands of random sessions: learner actions, unknown IDs, and service answers that come
/// late, out of order, as failures or not at all. The invariants are checked after every action.
///
/// Scale up with `WORDBOOK_PROPERTY_SEQUENCES=20000 swift test --filter ReliabilityPropertyTests`.
@MainActor
@Suite struct ReliabilityPropertyTests {
  /// The number of scripted sessions; live sessions are a tenth of it.
  static let sequences =
    ProcessInfo.processInfo.environment["WORDBOOK_PROPERTY_SEQUENCES"].flatMap { Int($0) } ?? 500

  @Test func scriptedSessionsKeepEveryInvariant() async {
    var actions = 0
    var steps = 0
    var faults: [String: Int] = [:]
    for index in 0..<Self.sequences {
      let seed = 0x5EED_0000 &+ UInt64(index)
      let moves = Self.moves(seed: seed, network: true, bogus: true)
      let session = ScriptedSession(seed: seed)
      await session.run(moves)
      steps += moves.count
      actions += session.outcome.actionCount
      faults.merge(session.outcome.faults, uniquingKeysWith: +)
      if let violation = session.outcome.violation {
        await recordScriptedFailure(seed: seed, violation: violation, moves: moves) {
          $0.outcome.violation != nil
        }
        return
      }
    }
    print(
      "Reliability: \(Self.sequences) scripted sessions, \(steps) steps, \(actions) actions, "
        + "every invariant held after every action; tried "
        + faults.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", "))
  }

  @Test func liveStoreSessionsOnAFlakyServiceKeepEveryInvariant() async throws {
    let sessions = max(Self.sequences / 10, 1)
    var actions = 0
    for index in 0..<sessions {
      let seed = 0x11FE_0000 &+ UInt64(index)
      let moves = Self.moves(seed: seed, network: true, bogus: false)
      let outcome = try await LiveSession().run(moves, seed: seed).session
      actions += outcome.actionCount
      if let violation = outcome.violation {
        let shrunk = await shrink(moves) { candidate in
          (try? await LiveSession().run(candidate, seed: seed).session.violation) != nil
        }
        let replay = try await LiveSession().run(shrunk, seed: seed).session
        Issue.record(
          Comment(
            rawValue: report(
              seed: seed, violation: violation, moves: moves, shrunk: shrunk,
              replay: replay)))
        return
      }
    }
    print(
      "Reliability: \(sessions) live-store sessions on a service failing 20% of calls, "
        + "\(actions) actions, every invariant held after every action")
  }

  static func moves(seed: UInt64, network: Bool, bogus: Bool) -> [Move] {
    var generator = SplitMix64(seed: seed)
    let length = 20 + Int(generator.next(below: 80))
    return Move.randomSequence(length: length, network: network, bogus: bogus, using: &generator)
  }
}

/// Shrinks the moves of a failed scripted session to the shortest sequence that still fails
/// from `seed`, and records the failure report.
///
/// - Parameter fails: Whether a session that ran a candidate sequence still fails.
@MainActor
func recordScriptedFailure(
  seed: UInt64, violation: String, moves: [Move],
  fails: @escaping @MainActor (ScriptedSession) async -> Bool
) async {
  let shrunk = await shrink(moves) { candidate in
    let session = ScriptedSession(seed: seed)
    await session.run(candidate)
    return await fails(session)
  }
  let replay = ScriptedSession(seed: seed)
  await replay.run(shrunk)
  Issue.record(
    Comment(
      rawValue: report(
        seed: seed, violation: violation, moves: moves, shrunk: shrunk, replay: replay.outcome)))
}

/// The failure report: the seed, the broken invariant, and the shortest sequence found.
func report(
  seed: UInt64, violation: String, moves: [Move], shrunk: [Move], replay: SessionOutcome
) -> String {
  """
  Seed \(seed) (0x\(String(seed, radix: 16))): \(violation)
  Shrunk from \(moves.count) to \(shrunk.count) steps:
    \(shrunk.map(\.description).joined(separator: "\n  "))
  Actions the shrunk sequence ran (after the initial load):
    \(replay.trace.joined(separator: "\n  "))
  It then broke: \(replay.violation ?? "nothing (the failure depends on timing)")
  """
}
