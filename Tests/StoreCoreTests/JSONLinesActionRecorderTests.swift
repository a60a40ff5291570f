import Foundation
import StoreCore
import Testing

@MainActor
@Suite struct JSONLinesActionRecorderTests {
  /// A fresh folder for one test, removed by `body`'s caller.
  func withTemporaryFolder(_ body: (URL) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("StoreCoreTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try body(folder)
  }

  @Test func aRecordedSessionRoundTripsThroughTheDecoder() throws {
    try withTemporaryFolder { folder in
      let path = folder.appendingPathComponent("session.jsonl").path
      let recorder = try JSONLinesActionRecorder<CounterAction>(path: path, checkpointInterval: 2)
      let store = Store(
        initialState: 0, reducer: Counter(), recorder: recorder, checkpoint: { "count=\($0)" })
      store.send(.increment)
      store.send(.set(41))
      store.receive(.increment)
      #expect(recorder.writeError == nil)
      let data = try #require(FileManager.default.contents(atPath: path))
      let entries = try ActionLogDecoder.decode(CounterAction.self, from: data)
      #expect(
        entries == [
          ActionLogEntry(sequence: 1, origin: .caller, action: .increment),
          ActionLogEntry(sequence: 2, origin: .caller, action: .set(41), checkpoint: "count=41"),
          ActionLogEntry(sequence: 3, origin: .effect, action: .increment),
        ])
      #expect(String(decoding: data, as: UTF8.self).split(separator: "\n").count == 3)
    }
  }

  @Test func theDecoderNamesTheFirstBadLine() throws {
    let good = #"{"action":{"increment":{}},"origin":"caller","sequence":1}"#
    let data = Data("\(good)\n\n   \nnot json\n".utf8)
    #expect(throws: ActionLogDecoder.DecodingError.self) {
      try ActionLogDecoder.decode(CounterAction.self, from: data)
    }
    do {
      _ = try ActionLogDecoder.decode(CounterAction.self, from: data)
    } catch {
      #expect(error.line == 4)
      #expect(error.description.hasPrefix("line 4: "))
    }
  }

  @Test func blankLinesAreSkipped() throws {
    let line = #"{"action":{"set":{"_0":3}},"checkpoint":"x","origin":"effect","sequence":7}"#
    let entries = try ActionLogDecoder.decode(
      CounterAction.self, from: Data("\n\(line)\r\n\n".utf8))
    #expect(
      entries == [ActionLogEntry(sequence: 7, origin: .effect, action: .set(3), checkpoint: "x")])
  }

  @Test func aFolderThatDoesNotExistIsAnError() throws {
    try withTemporaryFolder { folder in
      let path = folder.appendingPathComponent("missing/session.jsonl").path
      #expect(throws: (any Error).self) {
        try JSONLinesActionRecorder<CounterAction>(path: path)
      }
    }
  }
}
