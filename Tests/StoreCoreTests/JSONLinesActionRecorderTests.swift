import Foundation
import StoreCore
import Testing

#if canImport(Glibc)
  import Glibc
#endif

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
      store.finishRecording()
      #expect(recorder.writeError == nil)
      let data = try #require(FileManager.default.contents(atPath: path))
      let log = try ActionLogDecoder.decodeLog(CounterAction.self, from: data)
      #expect(log.header == ActionLogHeader(seed: nil, formatVersion: 3))
      #expect(
        log.entries == [
          ActionLogEntry(sequence: 1, origin: .caller, action: .increment, checkpoint: "count=1"),
          ActionLogEntry(sequence: 2, origin: .caller, action: .set(41), checkpoint: "count=41"),
          ActionLogEntry(sequence: 3, origin: .effect, action: .increment, checkpoint: "count=42"),
        ])
      let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
      #expect(lines.first == #"{"formatVersion":3}"#)
      #expect(lines.last == #"{"checkpoint":"count=42","sequence":3}"#)
      #expect(lines.count == 5)
    }
  }

  @Test func theHeaderCarriesTheSeedAndTheReaderSeesIt() throws {
    try withTemporaryFolder { folder in
      let path = folder.appendingPathComponent("seeded.jsonl").path
      let recorder = try JSONLinesActionRecorder<CounterAction>(path: path, seed: .max)
      let store = Store(
        initialState: 0, reducer: Counter(), recorder: recorder, checkpoint: { "count=\($0)" })
      store.send(.increment)
      store.send(.increment)
      store.finishRecording()
      let descriptor = open(path, O_RDONLY)
      defer { close(descriptor) }
      var reader = ActionLogReader<CounterAction>(fileDescriptor: descriptor)
      var entries: [ActionLogEntry<CounterAction>] = []
      while let entry = try reader.next() { entries.append(entry) }
      #expect(reader.header == ActionLogHeader(seed: .max))
      #expect(entries.map(\.checkpoint) == ["count=1", "count=2"])
    }
  }

  @Test func aLogWithoutHeaderIsFormatOne() throws {
    let line = #"{"action":{"increment":{}},"origin":"caller","sequence":1}"#
    let log = try ActionLogDecoder.decodeLog(CounterAction.self, from: Data("\(line)\n".utf8))
    #expect(log.header == nil)
    #expect(log.entries == [ActionLogEntry(sequence: 1, origin: .caller, action: .increment)])
  }

  @Test func misplacedHeadersCheckpointsAndNewerFormatsAreErrors() {
    let entry = #"{"action":{"increment":{}},"origin":"caller","sequence":1}"#
    let cases: [(String, String)] = [
      (#"{"formatVersion":4}"#, "line 1: the log is in format 4, newer than the format 3"),
      ("\(entry)\n{\"formatVersion\":2}", "line 2: a log header can only be the first line"),
      (#"{"checkpoint":"x","sequence":1}"#, "line 1: the checkpoint for sequence 1 does not"),
      ("\(entry)\n{\"checkpoint\":\"x\",\"sequence\":2}", "line 2: the checkpoint for sequence 2"),
    ]
    for (text, message) in cases {
      #expect(throws: ActionLogDecoder.DecodingError.self) {
        try ActionLogDecoder.decode(CounterAction.self, from: Data(text.utf8))
      }
      do {
        _ = try ActionLogDecoder.decode(CounterAction.self, from: Data(text.utf8))
      } catch {
        #expect(error.description.hasPrefix(message), "\(error)")
      }
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
