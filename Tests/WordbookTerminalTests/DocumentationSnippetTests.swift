import StoreCore
import Testing
import Wordbook
import WordbookTerminal

/// The examples of WordbookTerminal's public documentation, as written there, through the public
/// API only; the examples of its internal types are in `InternalDocumentationSnippetTests`.
@MainActor
@Suite struct DocumentationSnippetTests {
  /// `StudyScreenReducer`.
  @Test func theScreensStore() async {
    let store = Store(
      initialState: StudyScreen(app: AppState(seed: 1)),
      reducer: StudyScreenReducer(app: AppReducer(service: InMemoryWordService())))
    store.send(.app(.books(.view(.loadBooks))))
    store.send(.key(.right, pageSize: 10))
    #expect(store.state.keysWhileLoading == [.right])
    await store.settle()
    #expect(store.state.app.list.booksStatus == .loaded)
    #expect(store.state.keysWhileLoading.isEmpty)
  }

  /// `StudyScreenRenderer`.
  @Test func renderingTheScreen() async {
    let store = Store(
      initialState: AppState(seed: 1),
      reducer: AppReducer(service: InMemoryWordService(books: SampleWordbook.books)))
    store.send(.books(.view(.loadBooks)))
    await store.settle()
    store.send(.books(.view(.selectBook(store.state.list.books[0].id))))
    await store.settle()
    let renderer = StudyScreenRenderer(messages: .english, color: false)
    let lines = renderer.render(
      store.state, screen: StudyScreenState(),
      size: TerminalSize(columns: 80, rows: 24))
    #expect(lines.count == 24)
    #expect(lines.joined().contains(SampleWordbook.title))
  }

  /// `String.escapedForTerminal`.
  @Test func escapingForTheTerminal() {
    #expect("\u{1B}]0;pwned\u{7}".escapedForTerminal == "^[]0;pwned^G")
  }

  /// `KeyParser`.
  @Test func parsingKeys() {
    var parser = KeyParser()
    #expect(parser.feed(Array("\u{1B}[Cq".utf8)) == [.right, .character("q")])
  }
}
