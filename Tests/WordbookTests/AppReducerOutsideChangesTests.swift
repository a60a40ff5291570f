import Foundation
import StoreCore
import StoreTesting
import Testing

@testable import Wordbook

/// Changes made outside the session (another page, process or front end) reach its state
/// without disturbing its study: order, turned cards and visible words stay.
@MainActor
@Suite struct AppReducerOutsideChangesTests {
  /// A loaded session, shuffled and with its second card turned, and its service.
  func studyingSession() async -> (AppState, InMemoryWordService) {
    let (store, service) = await makeLoadedStore()
    store.send(.study(.view(.shuffle)))
    store.send(.study(.view(.flip(store.state.visibleWords.id(at: 1)))))
    return (store.state, service)
  }

  @Test func marksEditsNewWordsAndDeletionsKeepTheStudyOrder() async throws {
    let (state, service) = await studyingSession()
    let verbs = state.list.books[0].id
    let order = state.visibleWords.ids
    let turned = order[1]
    var marked = try #require(state.session.words[order[0]])
    marked.studyState = .success
    var edited = try #require(state.session.words[turned])
    edited.term = "edited"
    let deleted = order[2]
    let added = Word(id: Word.ID(100), term: "new", meaning: "word")
    let changes: [WordChange] = [
      .wordUpdated(marked, book: verbs), .wordUpdated(edited, book: verbs),
      .wordDeleted(deleted, book: verbs), .wordAdded(added, book: verbs),
    ]
    await withTestStore(initialState: state, reducer: AppReducer(service: service)) { store in
      store.send(.study(.outsideChanges(changes))) {
        $0.session.words.setStudyState(.success, of: marked.id)
        $0.session.words.replaceText(with: edited)
        $0.session.words.remove(id: deleted)
        $0.session.words.append(added)
      }
      #expect(store.state.visibleWords.ids == order.filter { $0 != deleted } + [added.id])
      #expect(store.state.session.backFaces == [turned])
      #expect(store.state.tally.success == 1)
      // The same report again, as when the session made the changes itself: nothing changes.
      store.send(.study(.outsideChanges(changes)))
    }
  }

  @Test func aMarkOfTheSessionStillOnItsWayIsNotUndoneByAnOlderReport() async throws {
    let (store, _) = await makeLoadedStore()
    let word = try #require(store.state.session.words[store.state.visibleWords.id(at: 0)])
    store.send(.study(.view(.markSuccess(word.id))))
    store.send(.study(.outsideChanges([.wordUpdated(word, book: store.state.list.books[0].id)])))
    #expect(store.state.session.words[word.id]?.studyState == .success)
    await store.settle()
    #expect(store.state.session.words[word.id]?.studyState == .success)
  }

  @Test func changesToAnotherBookReloadOnlyTheList() async throws {
    let (state, service) = await studyingSession()
    let nouns = state.list.books[1].id
    let saved = try await service.saveWord(WordDraft(term: "책", meaning: "book"), to: nouns)
    let books = try await service.fetchBooks()
    await withTestStore(initialState: state, reducer: AppReducer(service: service)) { store in
      store.send(.study(.outsideChanges([.wordAdded(saved, book: nouns)])))
      await store.receive(.books(.outsideBooksLoaded(.success(books)))) {
        $0.list.books[1].wordCount = 4
      }
    }
  }

  @Test func aNewBookAlreadyListedFromTheFeedIsListedOnce() async throws {
    let (state, service) = await studyingSession()
    let book = WordBook(id: WordBook.ID(3), title: "Adjectives")
    var listed = state
    listed.list.books.append(book)
    await withTestStore(initialState: listed, reducer: AppReducer(service: service)) { store in
      store.send(.books(.bookCreated(.success(book)))) {
        $0.session.bookID = book.id
        $0.session.words = WordList()
        $0.session.backFaces = []
        $0.startRound()
      }
      #expect(store.state.list.books.filter { $0.id == book.id }.count == 1)
    }
  }

  @Test func anImportIntoTheShownBookAddsItsWordsAtTheEnd() async throws {
    let (state, service) = await studyingSession()
    let verbs = state.list.books[0]
    let drafts = [
      WordDraft(term: "term 1", meaning: "meaning 1"), WordDraft(term: "x", meaning: "y"),
    ]
    _ = try await service.importWords(
      drafts, intoBookTitled: verbs.title, onDuplicate: .skip, progress: { _ in })
    let words = try await service.fetchWords(in: verbs.id)
    let new = try #require(words.last)
    await withTestStore(initialState: state, reducer: AppReducer(service: service)) { store in
      store.send(.study(.outsideChanges([.bookReloaded(verbs.id)])))
      await store.receive(.study(.outsideWordsLoaded(verbs.id, .success(words)))) {
        $0.session.words.append(new)
        $0.list.books[0].wordCount = 7
        $0.session.round.counts.unscheduled += 1
      }
      #expect(store.state.visibleWords.ids == state.visibleWords.ids + [new.id])
      #expect(store.state.session.backFaces == state.session.backFaces)
    }
  }

  @Test func aSubscribedSessionSeesAnotherSessionsMark() async throws {
    let (state, service) = await studyingSession()
    let other = Store(initialState: state, reducer: AppReducer(service: service))
    var marked = try #require(state.session.words[state.visibleWords.id(at: 0)])
    marked.studyState = .fail
    await withTestStore(initialState: state, reducer: AppReducer(service: service)) { store in
      store.send(.study(.view(.subscribeToChanges)))
      // The subscription starts on the effect's task: wait until it listens.
      let deadline = ContinuousClock.now + .seconds(5)
      while service.changeSubscriberCount == 0, ContinuousClock.now < deadline {
        await Task.yield()
      }
      other.send(.study(.view(.markFail(marked.id))))
      await store.receive(
        .study(.outsideChanges([.wordUpdated(marked, book: state.list.books[0].id)]))
      ) {
        $0.session.words.setStudyState(.fail, of: marked.id)
      }
      store.send(.study(.view(.unsubscribeFromChanges)))
    }
    await other.settle()
  }

  @Test func outsideChangesRoundTripThroughTheActionLog() throws {
    let word = Word(id: Word.ID(3), term: "가다", meaning: "to go", studyState: .fail)
    let actions: [AppAction] = [
      .study(.view(.subscribeToChanges)), .study(.view(.unsubscribeFromChanges)),
      .study(
        .outsideChanges([
          .wordAdded(word, book: WordBook.ID(1)), .wordUpdated(word, book: WordBook.ID(1)),
          .wordDeleted(word.id, book: WordBook.ID(1)), .bookReloaded(WordBook.ID(2)), .booksChanged,
        ])),
      .books(.outsideBooksLoaded(.success([WordBook(id: WordBook.ID(1), title: "Verbs")]))),
      .study(
        .outsideWordsLoaded(WordBook.ID(1), .failure(WordServiceError(.unavailable, "offline")))),
    ]
    for action in actions {
      let data = try JSONEncoder().encode(action)
      #expect(try JSONDecoder().decode(AppAction.self, from: data) == action)
    }
  }
}
