import StoreTesting
import Testing
import Wordbook

/// A feature's delegate actions, as a test store's steps show them: what the list asks of the
/// app when the books come and when a book is chosen.
@MainActor
@Suite struct DelegateActionTests {
  @Test func eachStepShowsTheDelegateActionsItsActionSent() async throws {
    let memory = InMemoryWordService(books: [("Fruit", [WordDraft(term: "사과", meaning: "apple")])])
    let books = try await memory.fetchBooks()
    let words = try await memory.fetchWords(in: books[0].id)
    let id = books[0].id
    await withTestStore(initialState: AppState(seed: 3), reducer: AppReducer(service: memory)) {
      store in
      store.send(.books(.loadBooks)) { $0.list.booksStatus = .loading }
      #expect(store.sentActions == [])
      await store.receive(.books(.booksLoaded(.success(books)))) {
        $0.list.books = books
        $0.list.booksStatus = .loaded
        $0.list.isReopeningLastBook = true
      }
      #expect(store.sentActions == [.books(.delegate(.booksLoaded))])
      await store.receive(.books(.lastStudiedBookLoaded(.success(nil)))) {
        $0.list.isReopeningLastBook = false
      }
      store.send(.books(.view(.selectBook(id)))) {
        $0.session.bookID = id
        $0.session.wordsStatus = .loading
      }
      #expect(store.sentActions == [.books(.delegate(.openBook(id, .loading)))])
      await store.receive(.study(.wordsLoaded(id, .success(words)))) {
        $0.session.words = WordList(words)
        $0.session.wordsStatus = .loaded
        $0.startRound()
      }
      #expect(store.sentActions == [])
    }
  }
}
