/// What a ``WordList``'s mutations touched since the record was last taken: the words whose
/// card changed, and whether the visible words or their order did, so that the state tells
/// its observers which parts changed without any reducer saying so.
///
/// Like ``ChangedParts``, the record is bookkeeping, not the list's value: it is neither
/// compared nor encoded, and past ``limit`` words it becomes "every word", so a list mutated
/// outside a store, where nobody takes the record, never holds more than a few IDs.
struct WordListChanges: Sendable {
  /// The most words recorded one by one before the record becomes "every word".
  static var limit: Int { 64 }

  /// The words whose term, meaning, study state or presence changed, in the order they first
  /// changed; empty when every word did.
  private(set) var words: [Word.ID] = []
  /// Whether more words changed than the record lists.
  private(set) var includesEveryWord = false
  /// Whether which words are visible, or their order, may have changed.
  private(set) var visibleWords = false

  /// Records that the card of `id` changed.
  mutating func touch(_ id: Word.ID) {
    guard !includesEveryWord, !words.contains(id) else { return }
    guard words.count < Self.limit else {
      includesEveryWord = true
      words.removeAll(keepingCapacity: true)
      return
    }
    words.append(id)
  }

  /// Records that the visible words or their order may have changed.
  mutating func touchVisibleWords() {
    visibleWords = true
  }
}
