import StoreCore
import Testing
import Wordbook
import WordbookTerminal

/// Keys typed before a large book has loaded are not lost: they wait for the words.
@MainActor
@Suite struct StudyAppLoadingTests {
  @Test func keysTypedWhileLoadingAreHandledOnceTheWordsAreThere() async throws {
    let service = InMemoryWordService(
      books: [("Verbs", (1...5).map { WordDraft(term: "verb \($0)", meaning: "to \($0)") })],
      faults: .init(latency: .milliseconds(50)))
    let store = Store(
      initialState: StudyScreen(app: AppState(seed: 1)),
      reducer: StudyScreenReducer(app: AppReducer(service: service)))
    let app = StudyApp(
      store: store, renderer: StudyScreenRenderer(messages: .english, color: false))
    app.start {}
    #expect(store.state.app.session.wordsStatus != .loaded)
    for key in [Key.right, .right, .left] { #expect(app.handle(key)) }
    while store.state.app.session.wordsStatus != .loaded || store.state.app.hasUnsavedMarks {
      await store.settle()
    }
    #expect(store.state.app.tally == StudyTally(notStudied: 2, success: 2, fail: 1))
    app.stop()
  }

  @Test func quittingWhileLoadingQuitsAtOnce() {
    let service = InMemoryWordService(faults: .init(latency: .seconds(5)))
    let store = Store(
      initialState: StudyScreen(app: AppState(seed: 1)),
      reducer: StudyScreenReducer(app: AppReducer(service: service)))
    let app = StudyApp(
      store: store, renderer: StudyScreenRenderer(messages: .english, color: false))
    app.start {}
    #expect(!app.handle(.character("q")))
    app.stop()
  }

  @Test func theBookStudiedLastIsReopenedAndABookThatVanishesLeavesThePicker() async throws {
    let service = InMemoryWordService(books: [
      ("Verbs", [WordDraft(term: "가다", meaning: "to go")]),
      ("Nouns", [WordDraft(term: "물", meaning: "water")]),
    ])
    let nouns = try await service.fetchBooks()[1]
    try await service.setLastStudiedBook(nouns.id)
    let store = Store(
      initialState: StudyScreen(app: AppState(seed: 1)),
      reducer: StudyScreenReducer(app: AppReducer(service: service)))
    let app = StudyApp(
      store: store, renderer: StudyScreenRenderer(messages: .english, color: false))
    app.start {}
    await store.settle()
    #expect(store.state.app.session.bookID == nouns.id)
    #expect(store.state.app.session.wordsStatus == .loaded)

    try await service.deleteBook(nouns.id)
    #expect(app.handle(.character("a")))
    for key in [Key.character("x"), .enter, .enter] { #expect(app.handle(key)) }
    await store.settle()
    let frame = app.frame(size: TerminalSize(columns: 80, rows: 12)).joined(separator: "\n")
    #expect(store.state.app.session.bookID == nil)
    #expect(frame.contains("Choose a wordbook"))
    #expect(frame.contains("Error: No wordbook has ID \(nouns.id)."))
    app.stop()
  }
}
