import Foundation
import StoreCore
import StoreTesting
import Testing
import Wordbook

/// A study session recorded by a live store (`Logs/study-session.jsonl`: loading, selecting,
/// shuffles, marks, undo, a saved word, an unknown book) replayed through the reducer alone.
@MainActor
@Suite struct ReplayTests {
  static let log = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Logs/study-session.jsonl")

  /// The reducer, on a service that must not be needed: every effect result is in the log.
  let reducer = AppReducer(service: InMemoryWordService(faults: .init(failureRate: 1)))

  @Test func theRecordedStudySessionReplays() {
    assertReplay(
      logAt: Self.log, from: AppState(seed: 2026), reducer: reducer,
      checkpoint: \.checkpointSummary)
  }

  @Test func theLogChecksStatesAndHoldsTheServiceAnswers() throws {
    let entries = try ActionLogDecoder.decode(AppAction.self, from: Data(contentsOf: Self.log))
    #expect(entries.count == 22)
    #expect(entries.filter { $0.checkpoint != nil }.count == 7)
    #expect(entries.contains { $0.origin == .effect })
  }

  @Test func aReducerThatNoLongerShufflesDiverges() throws {
    let entries = try ActionLogDecoder.decode(AppAction.self, from: Data(contentsOf: Self.log))
    let reducer = reducer
    let forgetful = Reduce<AppState, AppAction> { state, action in
      action == .study(.view(.shuffle)) ? .none : reducer.reduce(into: &state, action: action)
    }
    let divergence = try #require(
      replay(
        entries, from: AppState(seed: 2026), reducer: forgetful, checkpoint: \.checkpointSummary
      ).divergence)
    #expect(divergence.step == 6)
    #expect(divergence.description.contains("- visible: 6, digest"))
  }
}
