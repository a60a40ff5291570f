import StoreCore
import Testing
import WordbookTesting

@testable import Wordbook

/// A book of more than `AppState.firstPageSize` words shows its first page at once; the rest
/// arrives behind, and what the learner did meanwhile stays.
@MainActor
@Suite struct BigBookLoadingTests {
  static let size = AppState.firstPageSize * 2 + 500

  /// A store on a big book whose whole read is held: its first page is shown.
  private func storeShowingFirstPage() async throws -> (
    Store<AppState, AppAction>, ScriptedWordService, InMemoryWordService
  ) {
    let drafts = (0..<Self.size).map { WordDraft(term: "term \($0)", meaning: "meaning \($0)") }
    let memory = InMemoryWordService(books: [("Big", drafts)])
    let service = ScriptedWordService(wrapping: memory)
    await service.hold(.fetchWords, call: 1)
    let store = Store(initialState: AppState(seed: 7), reducer: AppReducer(service: service))
    store.send(.books(.view(.loadBooks)))
    await store.settle()
    store.send(.books(.view(.selectBook(try #require(store.state.list.books.first).id))))
    await service.waitUntilHeld(.fetchWords)
    try await Self.waitUntil { store.state.session.wordsStatus == .loaded }
    return (store, service, memory)
  }

  /// Waits, at most 30 seconds, until `condition` holds.
  private static func waitUntil(_ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(30)
    while !condition(), ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(2))
    }
    #expect(condition())
  }

  @Test func theFirstPageShowsWhileTheRestLoads() async throws {
    let (store, service, _) = try await storeShowingFirstPage()
    #expect(store.state.session.words.count == AppState.firstPageSize)
    #expect(store.state.session.isLoadingRestOfWords)
    #expect(store.state.selectedBook?.wordCount == Self.size)
    #expect(store.state.invariantViolations == [])
    await service.release(.fetchWords)
    await store.settle()
    #expect(!store.state.session.isLoadingRestOfWords)
    #expect(store.state.session.words.count == Self.size)
    #expect(store.state.visibleWords.count == Self.size)
    #expect(store.state.invariantViolations == [])
  }

  @Test func marksEditsAndModesDuringTheRestAreKept() async throws {
    let (store, service, memory) = try await storeShowingFirstPage()
    let first = store.state.visibleWords.ids
    store.send(.study(.view(.markFail(first[3]))))
    store.send(.study(.view(.markSuccess(first[4]))))
    store.send(.study(.view(.flip(first[5]))))
    store.send(.study(.view(.deleteWord(first[6]))))
    try await Self.waitUntil {
      !store.state.session.words.contains(first[6]) && !store.state.hasUnsavedMarks
    }
    store.send(.study(.view(.setStudyMode(.excludeSuccess))))
    store.send(.study(.view(.flip(first[5]))))
    await service.release(.fetchWords)
    await store.settle()

    #expect(store.state.session.words.count == Self.size - 1)
    #expect(store.state.session.words[first[3]]?.studyState == .fail)
    #expect(store.state.session.words[first[4]]?.studyState == .success)
    #expect(!store.state.session.words.contains(first[6]))
    #expect(store.state.face(of: first[5]) == .back)
    // The mode applies to the rest too: every word but the known one shows, the first page
    // in its places and the rest after it.
    let shown = store.state.visibleWords.ids
    #expect(shown.count == Self.size - 2)
    #expect(
      Array(shown.prefix(AppState.firstPageSize - 2))
        == first.filter { ![first[4], first[6]].contains($0) })
    #expect(store.state.selectedBook?.wordCount == Self.size - 1)
    #expect(store.state.invariantViolations == [])
    let stored = try await memory.fetchWords(in: try #require(store.state.session.bookID))
    #expect(stored.count == Self.size - 1)
    #expect(stored.first { $0.id == first[3] }?.studyState == .fail)
  }

  @Test func aShuffleWaitsForTheRestAndOrdersEveryWord() async throws {
    let (store, service, _) = try await storeShowingFirstPage()
    let first = store.state.visibleWords.ids
    store.send(.study(.view(.shuffle)))
    #expect(store.state.visibleWords.ids == first)
    await service.release(.fetchWords)
    await store.settle()
    let shuffled = store.state.visibleWords.ids
    #expect(shuffled.count == Self.size)
    // Words of the rest come among the first cards: the whole book was shuffled.
    let firstPage = Set(first)
    #expect(shuffled.prefix(AppState.firstPageSize).contains { !firstPage.contains($0) })
    #expect(shuffled.prefix(AppState.firstPageSize).contains { firstPage.contains($0) })
  }

  @Test func aRestThatFailsShowsTheFailureNotHalfABook() async throws {
    let (store, service, _) = try await storeShowingFirstPage()
    let error = WordServiceError(.unavailable, "offline")
    await service.fail(.fetchWords, call: 1, with: error)
    await service.release(.fetchWords)
    await store.settle()
    #expect(store.state.session.wordsStatus == .failed(error))
    #expect(!store.state.session.isLoadingRestOfWords)
    #expect(store.state.invariantViolations == [])
  }
}
