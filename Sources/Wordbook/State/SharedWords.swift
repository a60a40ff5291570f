import StoreCore

/// The terms and meanings of a book's words, read once and shared by every ``WordList`` of the
/// process that holds the same words, as the sessions studying one book do: a book's text is
/// in memory once, however many sessions study it, and each list keeps only its own study
/// states, orders and the words changed since.
///
/// Immutable. A list built from words that a live copy already holds (the same IDs in the same
/// order, most of their text the same) takes that copy, keeping what differs as its own; a
/// deletion, which moves every later word's position, gives the copy without that word, made
/// once for every list that deletes it. Lists of fewer than ``minimumCount`` words keep their
/// own copy: sharing them would save less than it costs to find.
final class SharedWords: Sendable {
  /// The words, in the order they were added.
  let entries: [WordList.Entry]
  /// Finds a word's position in ``entries`` from its ID.
  let index: WordIndex
  /// The copies without one word, by its position, made once for every list that deletes it.
  private let withoutWord = Locked<[Int32: Held]>([:])

  /// The fewest words a shared copy holds.
  static let minimumCount = 1_000

  /// The live copies a new list may take, held weakly.
  private static let live = Locked<[Held]>([])

  /// A copy held without keeping it alive.
  private struct Held: Sendable {
    weak var words: SharedWords?
  }

  /// An empty copy, never shared.
  static let empty = SharedWords(entries: [])

  private init(entries: [WordList.Entry]) {
    self.entries = entries
    index = WordIndex(ids: entries.lazy.map(\.id))
  }

  /// The copy to hold `words` with, and what differs from it: the text of the words changed
  /// since it was read, by position, and the words added after it.
  ///
  /// A live copy is taken when its words are the first of `words`, with the same IDs in the
  /// same order, and the words whose text differs and those added after them are at most an
  /// eighth of its words; otherwise a new copy is made, which later lists may take.
  ///
  /// - Complexity: O(*n*) for *n* words.
  static func holding(
    _ words: some Collection<Word>
  ) -> (words: SharedWords, edited: [Int32: WordList.Entry], added: [WordList.Entry]) {
    guard words.count >= minimumCount else {
      return (SharedWords(entries: words.map(WordList.Entry.init)), [:], [])
    }
    let candidates = live.withLock { live in
      live.removeAll { $0.words == nil }
      return live.compactMap(\.words)
    }
    for candidate in candidates {
      if let edited = candidate.edits(toHold: words) {
        let added = words.dropFirst(candidate.entries.count).map(WordList.Entry.init)
        return (candidate, edited, added)
      }
    }
    let made = SharedWords(entries: words.map(WordList.Entry.init))
    made.register()
    return (made, [:], [])
  }

  /// The copy without the word at `position`, made by the first list that asks.
  ///
  /// - Complexity: O(1) when another list asked before, O(*n*) otherwise.
  func removing(_ position: Int) -> SharedWords {
    withoutWord.withLock { copies in
      if let made = copies[Int32(position)]?.words { return made }
      var entries = entries
      entries.remove(at: position)
      let made = SharedWords(entries: entries)
      if entries.count >= Self.minimumCount { made.register() }
      copies[Int32(position)] = Held(words: made)
      return made
    }
  }

  /// Lets later lists take this copy.
  private func register() {
    Self.live.withLock { live in
      live.removeAll { $0.words == nil }
      live.append(Held(words: self))
    }
  }

  /// The text that differs, by position, when `words` starts with this copy's words; `nil`
  /// when it does not, or when the words changed or added since are more than an eighth of
  /// this copy's.
  private func edits(toHold words: some Collection<Word>) -> [Int32: WordList.Entry]? {
    let addedCount = words.count - entries.count
    let allowed = entries.count / 8
    guard !entries.isEmpty, addedCount >= 0, addedCount <= allowed else { return nil }
    var edited: [Int32: WordList.Entry] = [:]
    var position = 0
    for word in words.prefix(entries.count) {
      let entry = entries[position]
      guard entry.id == word.id else { return nil }
      if entry.term != word.term || entry.meaning != word.meaning
        || entry.imageReference != word.imageReference
      {
        guard addedCount + edited.count < allowed else { return nil }
        edited[Int32(position)] = WordList.Entry(word)
      }
      position += 1
    }
    return edited
  }
}
