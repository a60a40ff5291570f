import Foundation
import Testing

@testable import Wordbook

/// A state's JSON keeps the shape it had before the bookkeeping became one value.
@Suite struct AppStateCodableTests {
  /// States encoded before ``ServiceSync`` held the bookkeeping, with every part of it in use:
  /// marks in flight and queued, undo and redo steps, deleted words and books, and changes
  /// acknowledged during a load. Made by `state(after:)` of the actions below.
  static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Logs/app-states-before-service-sync.json")

  static let verbs = WordBook(id: WordBook.ID(1), title: "Verbs", wordCount: 5)
  static let nouns = WordBook(id: WordBook.ID(2), title: "Nouns", wordCount: 0)
  static let words = (1...5).map {
    Word(id: Word.ID(Int64($0)), term: "term \($0)", meaning: "meaning \($0)")
  }

  /// A session studying with marks on their way, undo and redo steps, and deletions.
  static let studying: [AppAction] = [
    .books(.booksLoaded(.success([verbs, nouns]))), .books(.view(.selectBook(verbs.id))),
    .study(.wordsLoaded(verbs.id, .success(words))),
    .study(.view(.markSuccess(Word.ID(1)))), .study(.view(.markFail(Word.ID(2)))),
    .study(.view(.markSuccess(Word.ID(3)))), .study(.view(.undo)),
    .study(.wordDeleted(Word.ID(5), .success(Word.ID(5)))),
    .books(.bookDeleted(nouns.id, .success(nouns.id))),
  ]

  /// The same session choosing its book again while the service acknowledges changes.
  static let reloading: [AppAction] =
    studying + [
      .books(.view(.selectBook(verbs.id))),
      .study(.studyStatesSaved(.success([StudyStateChange(wordID: Word.ID(1), state: .success)]))),
      .study(.wordSaved(verbs.id, .success(Word(id: Word.ID(9), term: "new", meaning: "word")))),
      .study(
        .wordEdited(verbs.id, .success(Word(id: Word.ID(2), term: "edited", meaning: "text")))),
      .study(.outsideChanges([.wordDeleted(Word.ID(4), book: verbs.id)])),
    ]

  static func state(after actions: [AppAction]) -> AppState {
    let reducer = AppReducer(service: InMemoryWordService())
    var state = AppState(seed: 13)
    for action in actions { reducer.apply(action, to: &state) }
    state.changedParts = AppState(seed: 13).changedParts
    return state
  }

  @Test func statesEncodedBeforeStillDecodeToTheSameStates() throws {
    let old = try JSONDecoder().decode([AppState].self, from: Data(contentsOf: Self.fixture))
    let now = [Self.state(after: Self.studying), Self.state(after: Self.reloading)]
    #expect(old == now)
    #expect(!now[0].session.serviceSync.undoHistory.redoSteps.isEmpty)
    #expect(now[0].list.deletedBookIDs == [Self.nouns.id])
    #expect(now[1].session.serviceSync.changesDuringLoad != ChangesDuringLoad())
  }

  @Test func theBookkeepingKeepsItsFlatKeys() throws {
    let fixture = try Data(contentsOf: Self.fixture)
    let oldKeys = try #require(
      try JSONSerialization.jsonObject(with: fixture) as? [[String: Any]]
    ).map { Set($0.keys) }
    let state = Self.state(after: Self.reloading)
    let data = try JSONEncoder().encode(state)
    let keys = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]).keys
    // The schedule came later, beside the old keys; a round once one has started.
    #expect(Set(keys) == oldKeys[1].union(["schedule"]))
    let decoded = try JSONDecoder().decode(AppState.self, from: data)
    // A state's equality leaves its bookkeeping out; the log keeps it all the same.
    #expect(decoded == state && decoded.session.serviceSync == state.session.serviceSync)
  }
}
