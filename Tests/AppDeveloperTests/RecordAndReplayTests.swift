import Foundation
import StoreCore
import StoreTesting
import Testing
import Wordbook

/// Recording a session as an app does, and replaying it through the reducer alone.
@MainActor
@Suite struct RecordAndReplayTests {
  static let logs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Logs")

  /// The reducer a replay runs through: on a service that must not be needed, since every
  /// answer is in the log.
  let replayReducer = AppReducer(service: InMemoryWordService(faults: .init(failureRate: 1)))

  /// Records a short session into `file`, as a front end does, and returns its final state.
  func recordSession(to file: URL, seed: UInt64) async throws -> AppState {
    let recorder = try JSONLinesActionRecorder<AppAction>(path: file.path, seed: seed)
    let service = InMemoryWordService(books: [
      (
        "Verbs",
        [WordDraft(term: "가다", meaning: "to go"), WordDraft(term: "오다", meaning: "to come")]
      )
    ])
    let store = Store(
      initialState: AppState(seed: seed), reducer: AppReducer(service: service),
      recorder: recorder, checkpoint: \.checkpointSummary)
    store.send(.books(.view(.loadBooks)))
    await store.settle()
    store.send(.books(.view(.selectBook(WordBook.ID(1)))))
    await store.settle()
    store.send(.study(.view(.shuffle)))
    store.send(.study(.view(.markSuccess(Word.ID(2)))))
    await store.settle()
    store.send(.study(.view(.markFail(Word.ID(1)))))
    await store.settle()
    store.finishRecording()
    #expect(recorder.writeError == nil)
    return store.state
  }

  func withTemporaryFile(_ body: (URL) async throws -> Void) async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("RecordAndReplayTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try await body(folder.appendingPathComponent("session.jsonl"))
  }

  @Test func aRecordedSessionReplaysToTheSameState() async throws {
    try await withTemporaryFile { file in
      let live = try await recordSession(to: file, seed: 9)
      let log = try ActionLogDecoder.decodeLog(AppAction.self, from: Data(contentsOf: file))
      let seed = try #require(log.header?.seed)
      #expect(seed == 9)
      let replayed = assertReplay(
        log.entries, from: AppState(seed: seed), reducer: replayReducer,
        checkpoint: \.checkpointSummary)
      #expect(replayed == live)
      #expect(replayed.checkpointSummary == live.checkpointSummary)
    }
  }

  @Test func aTamperedActionIsCaughtByTheLastCheckpoint() async throws {
    try await withTemporaryFile { file in
      _ = try await recordSession(to: file, seed: 9)
      let text = try String(contentsOf: file, encoding: .utf8)
      let tampered = text.replacingOccurrences(
        of: #"{"markFail":"#, with: #"{"markSuccess":"#)
      #expect(tampered != text)
      let entries = try ActionLogDecoder.decode(AppAction.self, from: Data(tampered.utf8))
      #expect(entries.count == 12)
      let result = replay(
        entries, from: AppState(seed: 9), reducer: replayReducer, checkpoint: \.checkpointSummary)
      let divergence = try #require(result.divergence)
      #expect(divergence.step == 12)
      #expect(divergence.diff?.contains("+ tally: success 2, fail 0") == true)
    }
  }

  /// A log recorded by this version, checked in: the formats read today must stay readable.
  @Test func theCheckedInLogReplays() throws {
    let file = Self.logs.appendingPathComponent("study-session-v2.jsonl")
    let log = try ActionLogDecoder.decodeLog(AppAction.self, from: Data(contentsOf: file))
    #expect(log.header?.formatVersion == 2)
    let seed = try #require(log.header?.seed)
    let final = assertReplay(
      logAt: file, from: AppState(seed: seed), reducer: replayReducer,
      checkpoint: \.checkpointSummary)
    #expect(final?.tally == StudyTally(notStudied: 0, success: 1, fail: 1))
  }
}
