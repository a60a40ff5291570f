import Foundation
import StoreCore
import Testing
import Wordbook

/// The action-log fuzzer starts from `.ci/fuzz-targets/ActionLog.seed`: a log the recorder
/// really writes, covering every kind of action. This test keeps the seed current; rewrite it
/// with `RECORD_SNAPSHOTS=1`.
@MainActor
@Suite struct ActionLogFuzzSeedTests {
  static let seedURL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent(".ci/fuzz-targets/ActionLog.seed")

  @Test func theFuzzSeedIsALogTheRecorderWritesAndItDecodes() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("wordbook-seed-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("log.jsonl").path
    try await recordSession(to: path)
    let recorded = try Data(contentsOf: URL(fileURLWithPath: path))

    if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
      try recorded.write(to: Self.seedURL)
    }
    let seed = try Data(contentsOf: Self.seedURL)
    // Effects answer concurrently, so two recordings may order answers differently: compare
    // which kinds of action the logs hold, not their bytes.
    func kinds(_ data: Data) throws -> Set<String> {
      let entries = try ActionLogDecoder.decode(AppAction.self, from: data)
      let wrappers: Set<Substring> = ["books", "study", "view"]
      return Set(
        entries.map { entry in
          let names = entry.action.description.matches(of: /\.(\w+)/).map(\.output.1)
          return String(names.first { !wrappers.contains($0) } ?? "")
        })
    }
    #expect(try kinds(seed) == kinds(recorded), "Re-record with RECORD_SNAPSHOTS=1")
    #expect(try kinds(seed).count >= 18)
    #expect(
      try ActionLogDecoder.decode(AppAction.self, from: seed).contains { $0.checkpoint != nil })
  }

  private func recordSession(to path: String) async throws {
    let recorder = try JSONLinesActionRecorder<AppAction>(path: path, checkpointInterval: 10)
    let service = InMemoryWordService(books: [
      (
        "Korean", [WordDraft(term: "사과", meaning: "apple"), WordDraft(term: "물", meaning: "water")]
      ),
      ("Verbs", (1...4).map { WordDraft(term: "verb \($0)", meaning: "to \($0)") }),
    ])
    let store = Store(
      initialState: AppState(seed: 3), reducer: AppReducer(service: service), recorder: recorder,
      checkpoint: { $0.checkpointSummary })
    store.send(.books(.view(.loadBooks)))
    await store.settle()
    let book = try #require(store.state.list.books.last)
    store.send(.books(.view(.selectBook(book.id))))
    await store.settle()
    let ids = store.state.session.words.allWords.map(\.id)
    for action: AppAction in [
      .study(.view(.markSuccess(ids[0]))), .study(.view(.markFail(ids[1]))),
      .study(.view(.flip(ids[2]))), .study(.view(.shuffle)), .study(.view(.toggleStudyMode)),
      .study(.view(.setStudyMode(.failedOnly))), .study(.view(.undo)), .study(.view(.redo)),
      .study(.view(.resetMark(ids[1]))),
      .study(.view(.saveWord(term: "새 단어", meaning: "a \"new\" word,\nwith a line break\t"))),
    ] {
      store.send(action)
    }
    await store.settle()
    store.send(.study(.view(.editWord(ids[0], term: "고친 단어", meaning: "edited\nover two lines"))))
    store.send(.study(.view(.setSearchQuery("VERB"))))
    store.send(.study(.view(.toggleReverse)))
    store.send(.study(.view(.setSearchQuery(nil))))
    store.send(.books(.view(.renameBook(book.id, title: "Verbs, renamed"))))
    await store.settle()
    store.send(.study(.view(.deleteWord(ids[3]))))
    store.send(.books(.view(.createBook(title: "Imported"))))
    await store.settle()
    store.send(.books(.view(.deleteBook(try #require(store.state.session.bookID)))))
    await store.settle()
    store.send(.books(.view(.selectBook(WordBook.ID(999)))))
    store.send(.study(.view(.flip(Word.ID(12_345)))))
    store.send(.dismissError)
    await service.setFaults(.init(failureRate: 1))
    store.send(.study(.view(.markSuccess(ids[0]))))
    store.send(.books(.view(.loadBooks)))
    store.send(.books(.view(.selectBook(book.id))))
    store.send(.study(.view(.saveWord(term: "x", meaning: "y"))))
    await store.settle()
  }
}
