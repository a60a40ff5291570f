import Testing

@testable import Wordbook

/// Lists of the same book share one copy of its text, and every list still reads, changes and
/// compares as if it held its own.
@Suite struct SharedWordsTests {
  /// A book's words as one read gives them: every call makes new strings, as a service does.
  /// Each test reads its own IDs, so that the tests running beside it share nothing with it.
  private static func read(_ count: Int, from first: Int) -> [Word] {
    (first..<(first + count)).map {
      Word(
        id: Word.ID(Int64($0)), term: "단어 \($0) " + String(repeating: "가", count: 20),
        meaning: "the meaning of word \($0), long enough to need its own storage")
    }
  }

  private static func state(holding words: WordList) -> AppState {
    var state = AppState(seed: 1)
    let book = WordBook(id: WordBook.ID(1), title: "Book", wordCount: words.count)
    state.list.books = [book]
    state.session.bookID = book.id
    state.session.wordsStatus = .loaded
    state.session.words = words
    return state
  }

  @Test func twoReadsOfABookShareOneCopy() {
    let first = WordList(Self.read(1_500, from: 100_000))
    let second = WordList(Self.read(1_500, from: 100_000))
    #expect(first.shared === second.shared)
    #expect(first == second)
    let small = WordList(Self.read(SharedWords.minimumCount - 1, from: 100_000))
    #expect(
      small.shared !== WordList(Self.read(SharedWords.minimumCount - 1, from: 100_000)).shared)
  }

  @Test func aReadAfterEditsAndAdditionsSharesTheCopyAndKeepsTheChanges() {
    var original = WordList(Self.read(1_200, from: 200_000))
    var changed = Self.read(1_200, from: 200_000)
    changed[5].term = "고친 단어"
    changed[700].meaning = "a new meaning"
    changed += Self.read(3, from: 205_000)
    let later = WordList(changed)
    #expect(later.shared === original.shared)
    #expect(later.allWords == changed)
    #expect(later[Word.ID(205_001)]?.term == changed[1_201].term)
    // The first list catches up by the same changes, and then equals the later one.
    original.replaceText(with: changed[5])
    original.replaceText(with: changed[700])
    for word in changed.suffix(3) { original.append(word) }
    #expect(original == later)
    // Text changed back to the shared text is no change of the list's own.
    original.replaceText(with: Self.read(1, from: 200_005)[0])
    #expect(original.allWords[5] == Self.read(1, from: 200_005)[0])
  }

  @Test func aWholeBookReadAfterItsFirstPageMakesItsOwnCopy() {
    let firstPage = WordList(Self.read(1_000, from: 600_000))
    let whole = WordList(Self.read(3_000, from: 600_000))
    #expect(whole.shared !== firstPage.shared)
    #expect(whole.shared.entries.count == 3_000)
  }

  @Test func aReadOfADifferentBookMakesItsOwnCopy() {
    let one = WordList(Self.read(1_100, from: 300_000))
    let other = WordList(Self.read(1_100, from: 300_002))
    #expect(one.shared !== other.shared)
    var mostlyRewritten = Self.read(1_100, from: 300_000)
    for index in stride(from: 0, to: 1_100, by: 4) { mostlyRewritten[index].term = "new" }
    #expect(WordList(mostlyRewritten).shared !== one.shared)
  }

  @Test func aDeletionIsCopiedOnceForEveryListThatMakesIt() {
    var one = WordList(Self.read(1_300, from: 400_000))
    var other = WordList(Self.read(1_300, from: 400_000))
    one.remove(id: Word.ID(400_009))
    other.remove(id: Word.ID(400_009))
    #expect(one.shared === other.shared)
    #expect(one == other)
    var expected = Self.read(1_300, from: 400_000)
    expected.remove(at: 9)
    #expect(one.allWords == expected)
    // A session that opens the book after the deletion takes the same copy.
    #expect(WordList(expected).shared === one.shared)
  }

  /// Random edits, additions, deletions, marks, shuffles and filters on a shared list, beside
  /// the same on a plain array of words: the list reads as the array, keeps its invariants,
  /// and equals a list built from the array afresh.
  @Test(arguments: [1, 2, 3])
  func randomChangesReadAsAPlainArray(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    var model = Self.read(1_050, from: 500_000)
    var list = WordList(Self.read(1_050, from: 500_000))
    let twin = WordList(Self.read(1_050, from: 500_000))
    var nextID = 10_000
    for step in 0..<300 {
      switch generator.next(below: 7) {
      case 0:
        let index = Int(generator.next(below: UInt64(model.count)))
        model[index].term = "term \(step)"
        list.replaceText(with: model[index])
      case 1:
        nextID += 1
        let word = Word(id: Word.ID(Int64(nextID)), term: "added \(step)", meaning: "m")
        model.append(word)
        list.append(word)
      case 2:
        let index = Int(generator.next(below: UInt64(model.count)))
        list.remove(id: model.remove(at: index).id)
      case 3:
        let index = Int(generator.next(below: UInt64(model.count)))
        model[index].studyState = .success
        list.setStudyState(.success, of: model[index].id)
      case 4:
        list.shuffle(using: &generator)
      case 5:
        list.filter(mode: .excludeSuccess, searchQuery: nil)
      default:
        list.filter(mode: .all, searchQuery: "1")
      }
      #expect(list.allWords == model, "step \(step)")
      #expect(Self.state(holding: list).invariantViolations == [], "step \(step)")
    }
    var rebuilt = WordList(model)
    rebuilt.order = list.order
    rebuilt.filter(mode: list.mode, searchQuery: list.searchQuery)
    #expect(rebuilt.allWords == list.allWords)
    #expect(Array(rebuilt.visibleWords) == Array(list.visibleWords))
    // The twin, never changed, still reads the words as first loaded.
    #expect(twin.allWords == Self.read(1_050, from: 500_000))
  }
}
