import Foundation
import StoreCore
import StoreTesting
import Testing

@testable import Wordbook

/// Editing words, renaming and deleting books, searching, the reverse way and reopening the
/// last book, as test-store scripts on the real runtime.
@MainActor
@Suite struct AppReducerManagingTests {
  func loadedSession() async -> (AppState, InMemoryWordService) {
    let (store, service) = await makeLoadedStore()
    return (store.state, service)
  }

  @Test func editingAWordChangesItsTextAndKeepsItsMark() async throws {
    let (loaded, service) = await makeLoadedStore()
    let book = try #require(loaded.state.session.bookID)
    let word = try #require(loaded.state.session.words.allWords.first)
    loaded.send(.study(.view(.markSuccess(word.id))))
    await loaded.settle()
    await withTestStore(initialState: loaded.state, reducer: AppReducer(service: service)) {
      store in
      store.send(.study(.view(.editWord(word.id, term: "고친", meaning: "two\nlines")))) {
        $0.session.isSavingWord = true
      }
      var edited = word
      edited.term = "고친"
      edited.meaning = "two\nlines"
      edited.studyState = .success
      await store.receive(.study(.wordEdited(book, .success(edited)))) {
        $0.session.isSavingWord = false
        $0.session.words.replaceText(with: edited)
      }
    }
    #expect(try await service.fetchWords(in: book).first == edited(word, "고친", "two\nlines"))
  }

  private func edited(_ word: Word, _ term: String, _ meaning: String) -> Word {
    Word(id: word.id, term: term, meaning: meaning, studyState: .success)
  }

  @Test func aBlankOrUnknownEditIsAnErrorAndSendsNothing() async throws {
    let (state, service) = await loadedSession()
    let word = try #require(state.session.words.allWords.first)
    await withTestStore(initialState: state, reducer: AppReducer(service: service)) { store in
      store.send(.study(.view(.editWord(word.id, term: " \n", meaning: "x")))) {
        $0.lastError = .blankTerm
      }
      store.send(.study(.view(.editWord(Word.ID(999), term: "x", meaning: "x")))) {
        $0.lastError = .unknownWord(Word.ID(999))
      }
    }
    #expect(try await service.fetchWords(in: state.list.books[0].id).first == word)
  }

  @Test func anEditAnsweredAfterSwitchingBooksLeavesTheShownBookAlone() async throws {
    let (state, service) = await loadedSession()
    let nouns = state.list.books[1].id
    let verb = try #require(state.session.words.allWords.first)
    await withTestStore(initialState: state, reducer: AppReducer(service: service)) { store in
      // An answer naming another book than the selected one changes no word here, even when
      // the IDs look alike.
      store.send(
        .study(.wordEdited(nouns, .success(Word(id: verb.id, term: "other", meaning: "")))))
    }
  }

  @Test func anEditAnsweredDuringALoadReachesTheLoadedWords() {
    var changes = ChangesDuringLoad()
    let word = Word(id: Word.ID(1), term: "old", meaning: "old", studyState: .fail)
    changes.recordEdited(Word(id: word.id, term: "new", meaning: "new meaning"))
    #expect(
      changes.apply(to: [word])
        == [Word(id: word.id, term: "new", meaning: "new meaning", studyState: .fail)])
    changes.recordDeleted(word.id)
    #expect(changes.apply(to: [word]) == [])
  }

  @Test func deletingTheSelectedBookDeselectsItAndALateListCannotBringItBack() async throws {
    let (state, service) = await loadedSession()
    let verbs = state.list.books[0]
    let staleList = state.list.books
    await withTestStore(initialState: state, reducer: AppReducer(service: service)) { store in
      store.send(.books(.view(.deleteBook(verbs.id))))
      await store.receive(.books(.bookDeleted(verbs.id, .success(verbs.id)))) {
        $0.list.books.removeFirst()
        $0.session.bookID = nil
        $0.session.words = WordList()
        $0.session.wordsStatus = .notLoaded
        $0.session.round = StudyRound()
      }
      store.send(.books(.booksLoaded(.success(staleList)))) {
        $0.list.books = [staleList[1]]
        $0.list.isReopeningLastBook = true
      }
      await store.receive(.books(.lastStudiedBookLoaded(.success(nil)))) {
        $0.list.isReopeningLastBook = false
      }
      #expect(store.state.list.books.map(\.id) == [staleList[1].id])
    }
    #expect(try await service.fetchBooks().map(\.id) == [staleList[1].id])
  }

  @Test func renamingToATakenTitleNamesTheBookThatHasIt() async throws {
    let (state, service) = await loadedSession()
    let (verbs, nouns) = (state.list.books[0], state.list.books[1])
    await withTestStore(initialState: state, reducer: AppReducer(service: service)) { store in
      store.send(.books(.view(.renameBook(verbs.id, title: " ")))) { $0.lastError = .blankTitle }
      store.send(.books(.view(.renameBook(verbs.id, title: "  NOUNS "))))
      let error = WordServiceError.titleTaken(by: nouns)
      await store.receive(.books(.bookRenamed(.failure(error)))) { $0.lastError = .service(error) }
      #expect(store.state.lastError == .service(error))
      store.send(.books(.view(.renameBook(verbs.id, title: "동사"))))
      var renamed = verbs
      renamed.title = "동사"
      await store.receive(.books(.bookRenamed(.success(renamed)))) { $0.list.books[0].title = "동사" }
    }
  }

  @Test func aSearchFiltersWhenSetAndAnEditedWordStaysUntilCleared() async throws {
    let (store, _) = await makeLoadedStore()
    let all = store.state.visibleWords.ids
    store.send(.study(.view(.setSearchQuery("  MEANING 2 "))))
    #expect(store.state.session.words.searchQuery == "MEANING 2")
    #expect(store.state.visibleWords.ids == [all[1]])
    store.send(.study(.view(.editWord(all[1], term: "changed", meaning: "changed"))))
    await store.settle()
    #expect(store.state.visibleWords.ids == [all[1]])
    store.send(.study(.view(.setSearchQuery("changed"))))
    #expect(store.state.visibleWords.ids == [all[1]])
    store.send(.study(.view(.setSearchQuery(" "))))
    #expect(store.state.session.words.searchQuery == nil)
    #expect(store.state.visibleWords.ids == all)
  }

  @Test func theReverseWayTurnsEveryCardToItsFront() async throws {
    var (state, service) = await loadedSession()
    let word = try #require(state.session.words.allWords.first)
    // The loading marked every part: only what the steps below change may be marked.
    state.changedParts.removeAll()
    await withTestStore(initialState: state, reducer: AppReducer(service: service)) { store in
      store.send(.study(.view(.flip(word.id)))) { $0.session.backFaces = [word.id] }
      #expect(!store.state.changedParts.contains(.reversed))
      store.send(.study(.view(.toggleReverse))) {
        $0.session.isReversed = true
        $0.session.backFaces = []
      }
      #expect(store.state.changedParts.contains(.reversed))
    }
  }

  @Test func theBookStudiedLastIsReopenedOnTheNextStart() async throws {
    let (first, service) = await makeLoadedStore()
    let nouns = first.state.list.books[1]
    first.send(.books(.view(.selectBook(nouns.id))))
    await first.settle()
    #expect(try await service.lastStudiedBook() == nouns.id)

    let next = Store(initialState: AppState(seed: 1), reducer: AppReducer(service: service))
    next.send(.books(.view(.loadBooks)))
    await next.settle()
    #expect(next.state.session.bookID == nouns.id)
    #expect(next.state.session.wordsStatus == .loaded)
    #expect(next.state.session.words.count == 3)
  }

  @Test func errorsLoggedBeforeTitleTakenExistedStillDecode() throws {
    let old = #"{"kind":"notFound","message":"No word.","isRetryable":false}"#
    let error = try JSONDecoder().decode(WordServiceError.self, from: Data(old.utf8))
    #expect(error == WordServiceError(.notFound, "No word."))
    let taken = WordServiceError.titleTaken(by: WordBook(id: WordBook.ID(4), title: "TOEIC"))
    let data = try JSONEncoder().encode(taken)
    #expect(try JSONDecoder().decode(WordServiceError.self, from: data) == taken)
  }
}

extension AppReducerManagingTests {
  @Test func aBookDeletedByAnotherProcessReturnsToThePickerWithTheError() async throws {
    let (store, service) = await makeLoadedStore()
    let verbs = store.state.list.books[0]
    try await service.deleteBook(verbs.id)
    store.send(.study(.view(.saveWord(term: "새", meaning: "new"))))
    await store.settle()
    #expect(store.state.lastError == .service(.bookNotFound(verbs.id)))
    #expect(store.state.session.bookID == nil)
    #expect(store.state.picker == .chooseOne([store.state.list.books[0]]))
    #expect(!store.state.list.books.contains { $0.id == verbs.id })
  }
}
