import StoreCore
import Testing
import Wordbook

@testable import WordbookTerminal

@MainActor
@Suite struct ReplayCommandTests {
  private let book = WordBook(id: WordBook.ID(1), title: "B", wordCount: 2)
  private let words = [
    Word(id: Word.ID(1), term: "a", meaning: "1"), Word(id: Word.ID(2), term: "b", meaning: "2"),
  ]

  private var actions: [AppAction] {
    [
      .loadBooks, .booksLoaded(.success([book])), .selectBook(book.id),
      .wordsLoaded(book.id, .success(words)), .markSuccess(Word.ID(2)), .shuffle,
    ]
  }

  private func entries(checkpointAt sequence: Int, _ checkpoint: String?)
    -> [ActionLogEntry<AppAction>]
  {
    actions.enumerated().map { offset, action in
      ActionLogEntry(
        sequence: offset + 1, origin: .caller, action: action,
        checkpoint: offset + 1 == sequence ? checkpoint : nil)
    }
  }

  @Test func replayMatchesALiveStoreFromTheRecordingSeed() throws {
    let store = Store(
      initialState: AppState(seed: ReplayCommand.recordingSeed),
      reducer: Reduce<AppState, AppAction> { state, action in
        _ = AppReducer(service: InMemoryWordService()).reduce(into: &state, action: action)
        return .none
      })
    for action in actions { store.send(action) }
    let summary = try ReplayCommand.replay(entries(checkpointAt: 0, nil))
    #expect(summary == store.state.checkpointSummary)
    #expect(summary.contains("tally: success 1, fail 0, not studied 1"))
  }

  @Test func aCheckpointThatDiffersStopsTheReplay() throws {
    let good = try ReplayCommand.replay(entries(checkpointAt: 0, nil))
    #expect(try ReplayCommand.replay(entries(checkpointAt: 6, good)) == good)
    #expect(throws: CommandFailure.self) {
      try ReplayCommand.replay(entries(checkpointAt: 5, good))
    }
  }
}
