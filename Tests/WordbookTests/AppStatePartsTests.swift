import Observation
import StoreCore
import Testing

@testable import Wordbook

@MainActor
@Suite struct AppStatePartsTests {
  private func makeStore() async -> Store<AppState, AppAction> {
    let words = (1...20).map { WordDraft(term: "term \($0)", meaning: "meaning \($0)") }
    return await makeLoadedStore(books: [("Twenty", words)]).0
  }

  @Test func aMarkNotifiesItsCardAndTheTallyAndNoOtherObserver() async throws {
    let store = await makeStore()
    let ids = store.state.visibleWords.ids
    var notified: [AppState.Part] = []
    let shared: [AppState.Part] = [
      .picker, .studyMode, .tally, .visibleWords, .marks, .editor, .error,
    ]
    let parts = shared + ids.prefix(13).map { .card($0) }
    #expect(parts.count == 20)
    for part in parts { store.observe([part]) { notified.append(part) } }

    // The first mark makes undo possible and puts a save in flight.
    store.send(.study(.view(.markSuccess(ids[0]))))
    #expect(notified == [.tally, .marks, .card(ids[0])])
    notified = []
    store.send(.study(.view(.markFail(ids[1]))))
    #expect(notified == [.tally, .card(ids[1])])
    notified = []
    store.send(.study(.view(.flip(ids[2]))))
    #expect(notified == [.card(ids[2])])
    notified = []
    store.send(.study(.view(.markSuccess(ids[19]))))
    #expect(notified == [.tally])
    notified = []
    store.send(.study(.view(.shuffle)))
    #expect(notified == [.visibleWords, .card(ids[2])])
    await store.settle()
  }

  @Test func observationTrackingOfOneCardIgnoresMarksOfOthers() async throws {
    let store = await makeStore()
    let ids = store.state.visibleWords.ids
    let watched = ids[4]
    let cardChanges = Tally()
    let tallyChanges = Tally()
    func track() {
      let face = withObservationTracking {
        store.read(.card(watched)) { $0.face(of: watched) }
      } onChange: {
        cardChanges.add()
      }
      #expect(face == store.state.face(of: watched))
    }
    track()
    withObservationTracking {
      _ = store.read(.tally) { $0.tally }
    } onChange: {
      tallyChanges.add()
    }
    for id in ids where id != watched { store.send(.study(.view(.markSuccess(id)))) }
    #expect(cardChanges.count == 0)
    #expect(tallyChanges.count == 1)
    store.send(.study(.view(.flip(watched))))
    #expect(cardChanges.count == 1)
    track()
    store.send(.study(.view(.markFail(watched))))
    #expect(cardChanges.count == 2)
    await store.settle()
  }
}

/// Counts calls from Observation's `@Sendable` `onChange`.
private final class Tally: Sendable {
  private let calls = Locked(0)

  var count: Int { calls.withLock { $0 } }

  func add() { calls.withLock { $0 += 1 } }
}

/// The parts come from the state itself: a mutation records nothing by hand, and the next
/// record names what it changed and nothing it left alone.
@Suite struct DerivedPartsTests {
  private let book = WordBook(id: WordBook.ID(1), title: "Fruit", wordCount: 0)
  private let words = (1...4).map { Word(id: Word.ID(Int64($0)), term: "t\($0)", meaning: "m") }

  @Test func theWordListAndTheFacesSayWhichCardsChanged() {
    var state = AppState(seed: 3, books: [book], selectedBookID: book.id, words: words)
    var before = state.comparedParts
    state.recordChanges(since: before)
    #expect(state.changedParts.isEmpty, "a state just built has changed nothing")

    before = state.comparedParts
    state.session.words.replaceText(with: words[0])
    state.session.words.setStudyState(.success, of: words[1].id)
    state.session.words.setStudyState(.notStudied, of: words[2].id)
    state.session.backFaces.insert(words[3].id)
    state.recordChanges(since: before)
    #expect(state.changedParts.parts == [.card(words[1].id), .card(words[3].id), .tally])

    state.changedParts.removeAll()
    before = state.comparedParts
    state.session.words.remove(id: Word.ID(99))
    state.session.words.remove(id: words[2].id)
    state.session.backFaces.removeAll()
    state.recordChanges(since: before)
    #expect(
      state.changedParts.parts == [
        .card(words[2].id), .visibleWords, .card(words[3].id), .tally,
      ])
  }
}

/// Every stored field of the state is observed: compared in `AppState.ComparedParts`, or
/// reported by the word list itself, so a field added without a part fails here.
@Suite struct ObservedFieldsTests {
  /// How each stored field of the study session reaches its observers.
  private let sessionFields: [String: String] = [
    "bookID": "a new word list, which changes every part",
    "words": "the word list's own record of changes",
    "wordsStatus": "visibleWords", "schedule": "schedule", "round": "round",
    "isReversed": "reversed", "backFaces": "card", "unsavedMarks": "marks",
    "unsavedReviews": "marks, with the unsaved marks they are among",
    "generator": "no part: no front end shows it", "_serviceSync": "marks",
    "isSavingWord": "editor", "wordDraft": "editor",
  ]

  @Test func everyFieldOfTheSessionIsObserved() {
    let fields = Mirror(reflecting: StudySessionFeature.State(seed: 1)).children.compactMap(\.label)
    #expect(Set(fields) == Set(sessionFields.keys))
  }

  @Test func theListAndTheAppsOwnFieldsAreComparedWhole() {
    let fields = Mirror(reflecting: AppState(seed: 1)).children.compactMap(\.label)
    #expect(fields == ["list", "session", "lastError", "changedParts"])
    let compared = Mirror(reflecting: AppState(seed: 1).comparedParts).children.compactMap(\.label)
    #expect(
      compared == [
        "wordList", "backFaces", "picker", "studyMode", "search", "reversed", "tally",
        "visibleWords", "marks", "editor", "error", "schedule", "round",
      ])
  }
}
