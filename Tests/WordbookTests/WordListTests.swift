import Foundation
import StoreCore
import Testing

@testable import Wordbook

@Suite struct WordListTests {
  private func words(_ count: Int) -> [Word] {
    (1...count).map { Word(id: Word.ID(Int64($0 * 10)), term: "t\($0)", meaning: "m\($0)") }
  }

  @Test func looksUpEveryWordByID() {
    let list = WordList(words(1000))
    for word in words(1000) { #expect(list[word.id]?.term == word.term) }
    #expect(list[Word.ID(5)] == nil)
    #expect(list[Word.ID(-10)] == nil)
  }

  @Test func appendGrowsTheIndex() {
    var list = WordList()
    for word in words(300) { list.append(word) }
    #expect(list.count == 300)
    #expect(list.visibleWords.count == 300)
    for word in words(300) { #expect(list.contains(word.id)) }
  }

  @Test func removeKeepsTheOrderOfTheOthers() {
    var list = WordList(words(5))
    list.remove(id: Word.ID(30))
    #expect(list.visibleWords.map(\.term) == ["t1", "t2", "t4", "t5"])
    #expect(list[Word.ID(40)]?.term == "t4")
    #expect(list.tally.total == 4)
  }

  @Test func shuffleIsAPermutationAndFixedForASeed() {
    var first = WordList(words(50))
    var second = WordList(words(50))
    var generator = SplitMix64(seed: 3)
    var other = SplitMix64(seed: 3)
    first.shuffle(using: &generator)
    second.shuffle(using: &other)
    #expect(first.order == second.order)
    #expect(first.order.sorted() == Array(0..<50))
    #expect(first.order != Array(0..<50))
  }

  @Test func theShuffleOrderNeverChanges() {
    // Recorded logs and snapshots depend on this exact order: it must not change between
    // Swift versions or refactorings.
    var list = WordList(words(10))
    var generator = SplitMix64(seed: 42)
    list.shuffle(using: &generator)
    #expect(list.order == [8, 3, 6, 5, 4, 0, 9, 2, 1, 7])
  }

  @Test func showingAllWordsSharesTheStudyOrderInsteadOfCopyingIt() {
    var list = WordList(words(100))
    var generator = SplitMix64(seed: 5)
    list.shuffle(using: &generator)
    list.filter(mode: .excludeSuccess, searchQuery: nil)
    list.filter(mode: .all, searchQuery: nil)
    let order = list.order.withUnsafeBufferPointer { $0.baseAddress }
    #expect(list.visible.withUnsafeBufferPointer { $0.baseAddress } == order)
    #expect(list.visibleWords.map(\.id) == list.order.map { list.word(at: Int($0)).id })
  }

  @Test func aWordAddedUnderAFilterIsHiddenEvenWhenAllWereShown() throws {
    var list = WordList(words(3), mode: .excludeSuccess)
    let data = try JSONEncoder().encode(list)
    // Decoded, visible words that are all the words read as the study order itself.
    var decoded = try JSONDecoder().decode(WordList.self, from: data)
    for var copy in [list, decoded] {
      copy.append(Word(id: Word.ID(99), term: "new", meaning: "n", studyState: .success))
      #expect(copy.visibleWords.map(\.term) == ["t1", "t2", "t3"])
      #expect(copy.count == 4)
    }
    list.append(Word(id: Word.ID(98), term: "shown", meaning: "s"))
    decoded.append(Word(id: Word.ID(98), term: "shown", meaning: "s"))
    #expect(list.visibleWords.map(\.term) == ["t1", "t2", "t3", "shown"])
    #expect(decoded == list)
  }

  @Test func decodingRejectsAnOrderThatIsNotAPermutation() throws {
    let json =
      #"{"words":[{"id":1,"term":"a","meaning":"b","studyState":0}],"order":[0,0],"visible":[0]}"#
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(WordList.self, from: Data(json.utf8))
    }
    var list = WordList(words(4))
    var generator = SplitMix64(seed: 1)
    list.shuffle(using: &generator)
    let data = try JSONEncoder().encode(list)
    #expect(try JSONDecoder().decode(WordList.self, from: data) == list)
  }
}

@Suite struct SplitMix64Tests {
  @Test func theSequenceNeverChanges() {
    var generator = SplitMix64(seed: 0)
    #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
    #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
  }

  @Test func boundedNumbersStayInRangeAndCoverIt() {
    var generator = SplitMix64(seed: 9)
    var seen = Set<UInt64>()
    for _ in 0..<1000 {
      let value = generator.next(below: 7)
      #expect(value < 7)
      seen.insert(value)
    }
    #expect(seen.count == 7)
  }
}

@MainActor
@Suite struct InPlaceMutationTests {
  private func storageAddresses(_ store: Store<AppState, AppAction>) -> [Int] {
    let words = store.state.session.words
    return [
      words.shared.entries.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) },
      words.states.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) },
      words.order.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) },
    ]
  }

  @Test func studyActionsNeverCopyTheWords() async {
    let (store, _) = await makeLoadedStore()
    var observed = 0
    // Weak: the store keeps its observers, so a strong capture would keep the store alive.
    store.observe { [weak store] in observed += store?.state.tally.total ?? 0 }
    let before = storageAddresses(store)
    let ids = store.state.visibleWords.ids
    for id in ids {
      store.send(.study(.view(.markSuccess(id))))
      store.send(.study(.view(.flip(id))))
      store.send(.study(.view(.markFail(id))))
    }
    store.send(.study(.view(.shuffle)))
    store.send(.study(.view(.toggleStudyMode)))
    store.send(.study(.view(.undo)))
    store.send(.study(.view(.redo)))
    #expect(storageAddresses(store) == before)
    #expect(observed > 0)
    await store.settle()
  }
}
