/// The words of the selected book: stored once in the order they were added, studied in a
/// shuffled order, and filtered by the study mode and the search, which the list holds.
///
/// Each word's strings are stored once and never move, and the lists of a process that hold
/// the same book (the sessions studying it) share them: a list keeps of its own only its
/// study states and orders, and the words changed or added since it was loaded. Study states
/// live in a compact one-byte-per-word array, and the study order and the visible words are
/// arrays of 4-byte positions, so a shuffle moves 4-byte integers, a re-filter is one pass
/// over bytes, and marking a word is O(1). When every word is visible, the visible words are
/// the study order itself, so switching back to all words is O(1).
public struct WordList: Sendable {
  /// The words as loaded, shared with the other lists of the same book.
  private(set) var shared = SharedWords.empty
  /// The words of ``shared`` whose text changed since, by position.
  private(set) var edited: [Int32: Entry] = [:]
  /// The words added since loading, after those of ``shared``.
  private(set) var added: [Entry] = []
  /// The position in ``added`` of each of its words.
  private var addedPositions: [Word.ID: Int32] = [:]
  private(set) var states: [StudyState] = []
  /// Every word's position, in study order.
  var order: [Int32] = []
  /// Whether the visible words are exactly the study order, as under ``StudyMode/all``.
  private var showsAll = true
  /// The visible positions while `showsAll` is false. While it is true the array is unused
  /// but keeps its capacity, so the next filtering mode writes into it without allocating.
  private var filtered: [Int32] = []
  /// The positions ``StudyMode/due`` shows, in its order: the due words, most overdue first,
  /// then the day's new words, then the learning words due later that day.
  private(set) var duePositions: [Int32] = []
  /// The positions of the words chosen to study on their own (``showOnly(_:)``), in their
  /// order, whatever the mode; `nil` when the mode chooses.
  private(set) var chosenPositions: [Int32]?
  /// The study mode that filters the visible words.
  public private(set) var mode: StudyMode = .all
  /// The text a visible word's term or meaning contains, ignoring case; `nil` shows every
  /// word of the ``mode``.
  public private(set) var searchQuery: String?
  /// The lowercased ``searchQuery``, which the filter compares.
  private(set) var searchKey: String?
  /// How many words are in each study state.
  public private(set) var tally = StudyTally()
  /// What the mutations since ``takeChanges()`` touched.
  private var changes = WordListChanges()
  /// Which list this is: a new list has an identity of its own, which its copies and its
  /// mutations keep, so that the state tells a list replaced (every card changed) from one
  /// changed. Bookkeeping, like `changes`: neither compared nor encoded.
  let identity = Identity()

  /// An empty list.
  public init() {}

  /// A list of `words` in the order given, visible when `mode` and the search match them.
  ///
  /// When another live list of the process holds the same words (a thousand or more, with
  /// the same IDs in the same order, at most an eighth of them changed or added since), the
  /// new list shares their text and keeps what differs as its own.
  ///
  /// - Parameters:
  ///   - words: The words, in the order they were added.
  ///   - mode: The study mode that filters the visible words.
  ///   - searchQuery: The text a visible word's term or meaning contains, ignoring case.
  public init(
    _ words: some Collection<Word>, mode: StudyMode = .all, searchQuery: String? = nil
  ) {
    self.mode = mode
    self.searchQuery = searchQuery
    searchKey = searchQuery?.lowercased()
    (shared, edited, added) = SharedWords.holding(words)
    for (position, entry) in added.enumerated() { addedPositions[entry.id] = Int32(position) }
    states.reserveCapacity(words.count)
    for word in words {
      states.append(word.studyState)
      tally[word.studyState] += 1
    }
    order = Array(0..<Int32(words.count))
    refilter()
    // A new list is no change of its own: the state sees its new identity.
    changes = WordListChanges()
  }

  /// The identity of one list and its copies.
  final class Identity: Equatable, Sendable {
    static func == (lhs: Identity, rhs: Identity) -> Bool { lhs === rhs }
  }

  /// The number of words.
  public var count: Int { shared.entries.count + added.count }

  /// Whether the list holds no words.
  public var isEmpty: Bool { count == 0 }

  /// The positions of the words shown under the study mode at the last re-filter, in study
  /// order: the study order itself when every word is shown.
  var visible: [Int32] { showsAll ? order : filtered }

  /// The words shown under the study mode at the last re-filter, in study order.
  public var visibleWords: VisibleWords { VisibleWords(list: self) }

  /// All the words, in the order they were added.
  public var allWords: [Word] { (0..<count).map(word(at:)) }

  /// The word with `id`, or `nil`.
  ///
  /// - Complexity: O(1).
  public subscript(id: Word.ID) -> Word? {
    position(of: id).map(word(at:))
  }

  /// Whether the list holds a word with `id`.
  public func contains(_ id: Word.ID) -> Bool {
    position(of: id) != nil
  }

  func position(of id: Word.ID) -> Int? {
    let found = shared.entries.withUnsafeBufferPointer { entries in
      shared.index.position(of: id) { entries[$0].id }
    }
    if let found { return found }
    return addedPositions[id].map { shared.entries.count + Int($0) }
  }

  /// The ID, term, meaning and image of the word at `position`.
  func entry(at position: Int) -> Entry {
    let sharedCount = shared.entries.count
    guard position < sharedCount else { return added[position - sharedCount] }
    if !edited.isEmpty, let entry = edited[Int32(position)] { return entry }
    return shared.entries[position]
  }

  /// The ID of the word at `position`, read without copying its texts.
  func id(at position: Int) -> Word.ID {
    let sharedCount = shared.entries.count
    guard position < sharedCount else { return added[position - sharedCount].id }
    if !edited.isEmpty, let entry = edited[Int32(position)] { return entry.id }
    return shared.entries[position].id
  }

  func word(at position: Int) -> Word {
    let entry = entry(at: position)
    return Word(
      id: entry.id, term: entry.term, meaning: entry.meaning,
      imageReference: entry.imageReference, studyState: states[position])
  }

  func state(at position: Int) -> StudyState {
    states[position]
  }

  /// Changes the term and meaning of the word with `word`'s ID in place, as an edit does: its
  /// study state, its place in the study order and its visibility stay (until the next
  /// re-filter). Public for describing a step in a test.
  ///
  /// ```swift
  /// let apple = Word(id: id, term: "사과", meaning: "apple")
  /// store.send(.study(.view(.editWord(id, term: apple.term, meaning: apple.meaning)))) { $0.session.isSavingWord = true }
  /// await store.receive(.study(.wordEdited(bookID, .success(apple)))) {
  ///   $0.session.words.replaceText(with: apple)
  ///   $0.session.isSavingWord = false
  /// }
  /// ```
  ///
  /// - Parameter word: The word with its new term and meaning; its other values are not read.
  /// - Returns: Whether the list holds the word.
  /// - Complexity: O(1).
  @discardableResult
  public mutating func replaceText(with word: Word) -> Bool {
    guard let position = position(of: word.id) else { return false }
    var entry = entry(at: position)
    guard entry.term != word.term || entry.meaning != word.meaning else { return true }
    entry.term = word.term
    entry.meaning = word.meaning
    let sharedCount = shared.entries.count
    if position >= sharedCount {
      added[position - sharedCount] = entry
    } else if entry == shared.entries[position] {
      edited[Int32(position)] = nil
    } else {
      edited[Int32(position)] = entry
    }
    changes.touch(word.id)
    return true
  }

  /// Filters the visible words by `mode` and `searchQuery`, even when neither changed, so that
  /// the words marked since that the mode no longer shows leave the list.
  ///
  /// - Parameters:
  ///   - mode: The study mode that filters the visible words.
  ///   - searchQuery: The text a visible word's term or meaning contains, ignoring case, or
  ///     `nil` for every word of the mode.
  /// - Complexity: O(1) for ``StudyMode/all`` without a search, O(*n*) otherwise.
  public mutating func filter(mode: StudyMode, searchQuery: String?) {
    self.mode = mode
    chosenPositions = nil
    self.searchQuery = searchQuery
    searchKey = searchQuery?.lowercased()
    refilter()
  }

  /// Filters the visible words by `searchQuery`, keeping the mode, or the words chosen to study
  /// on their own.
  ///
  /// - Parameter searchQuery: The text a visible word's term or meaning contains, ignoring
  ///   case, or `nil` for every word.
  public mutating func search(for searchQuery: String?) {
    self.searchQuery = searchQuery
    searchKey = searchQuery?.lowercased()
    refilter()
  }

  /// Shows only the words of `ids`, in that order, whatever the mode, until the next
  /// ``filter(mode:searchQuery:)``: a round of chosen cards, such as the ones missed. IDs the
  /// list does not hold are left out. Public for describing a step in a test.
  ///
  /// - Complexity: O(*k*) for *k* IDs.
  public mutating func showOnly(_ ids: [Word.ID]) {
    chosenPositions = ids.compactMap { position(of: $0).map(Int32.init) }
    refilter()
  }

  /// Whether the visible words are words chosen to study on their own (``showOnly(_:)``).
  public var isShowingChosenWords: Bool { chosenPositions != nil }

  /// Sets the words ``StudyMode/due`` shows and re-filters when that is the mode: the words of
  /// `dueIDs` in that order, then the first `newCount` words of the study order that `isNew`
  /// says were never reviewed. IDs the list does not hold are left out.
  ///
  /// - Complexity: O(*k*) for *k* due words, plus the study order up to the last new word.
  mutating func showDue(
    _ dueIDs: [Word.ID], newCount: Int, then later: [Word.ID] = [], isNew: (Word.ID) -> Bool
  ) {
    duePositions = dueIDs.compactMap { position(of: $0).map(Int32.init) }
    var left = newCount
    for position in order where left > 0 && isNew(id(at: Int(position))) {
      duePositions.append(position)
      left -= 1
    }
    duePositions += later.compactMap { position(of: $0).map(Int32.init) }
    if mode == .due, chosenPositions == nil { refilter() }
  }

  /// Returns what the mutations since the last call touched, and starts a new record.
  mutating func takeChanges() -> WordListChanges {
    defer { changes = WordListChanges() }
    return changes
  }

  /// Sets the filter that a decoded ``visible`` order was made with, without re-filtering.
  mutating func restoreFilter(mode: StudyMode, searchQuery: String?) {
    self.mode = mode
    self.searchQuery = searchQuery
    searchKey = searchQuery?.lowercased()
  }

  /// Whether the word at `position` is visible under the mode and the search.
  func isShown(at position: Int) -> Bool {
    guard mode.includes(states[position]) else { return false }
    return matchesSearch(at: position)
  }

  /// Whether the word at `position` matches the search, or there is none.
  private func matchesSearch(at position: Int) -> Bool {
    guard let searchKey, !searchKey.isEmpty else { return true }
    let entry = entry(at: position)
    return entry.term.lowercased().contains(searchKey)
      || entry.meaning.lowercased().contains(searchKey)
  }

  mutating func setState(_ state: StudyState, at position: Int) {
    guard states[position] != state else { return }
    changes.touch(id(at: position))
    tally[states[position]] -= 1
    tally[state] += 1
    states[position] = state
  }

  /// Adds `word` at the end of the study order, as a save does, visible when the mode and the
  /// search show it; the others keep their order. ``AppState/append(_:)`` adds it to the round
  /// too, as a test describing a save does.
  ///
  /// - Parameter word: The new word; its ID must not be in the list.
  /// - Complexity: Amortized O(1).
  public mutating func append(_ word: Word) {
    let position = count
    addedPositions[word.id] = Int32(added.count)
    added.append(Entry(word))
    states.append(word.studyState)
    tally[word.studyState] += 1
    // Words chosen to study on their own do not include a word just added.
    let shown = chosenPositions == nil && isShown(at: position)
    if showsAll, !shown {
      filtered = order
      showsAll = false
    }
    order.append(Int32(position))
    if !showsAll, shown { filtered.append(Int32(position)) }
    // A word just added is new: Due mode shows it after the others.
    if mode == .due { duePositions.append(Int32(position)) }
    changes.touch(word.id)
    changes.touchVisibleWords()
  }

  /// Removes the word with `id`, as a deletion does, keeping the study order and the
  /// visibility of the others; an ID the list does not hold is ignored. Public for describing
  /// a step in a test.
  ///
  /// - Parameter id: The word to remove.
  /// - Complexity: O(*n*), and the first list of a book to remove a word copies the book's
  ///   shared words without it, for every list of the book.
  public mutating func remove(id: Word.ID) {
    guard let removed = position(of: id) else { return }
    changes.touch(id)
    changes.touchVisibleWords()
    tally[states[removed]] -= 1
    let sharedCount = shared.entries.count
    if removed >= sharedCount {
      added.remove(at: removed - sharedCount)
      addedPositions = [:]
      for (position, entry) in added.enumerated() { addedPositions[entry.id] = Int32(position) }
    } else {
      shared = shared.removing(removed)
      edited = Dictionary(
        uniqueKeysWithValues: edited.compactMap { position, entry in
          position == removed ? nil : (position > removed ? position - 1 : position, entry)
        })
    }
    states.remove(at: removed)
    let removedPosition = Int32(removed)
    func shifted(_ positions: [Int32]) -> [Int32] {
      positions.compactMap { position in
        position == removedPosition ? nil : (position > removedPosition ? position - 1 : position)
      }
    }
    order = shifted(order)
    duePositions = shifted(duePositions)
    chosenPositions = chosenPositions.map(shifted)
    if !showsAll { filtered = shifted(filtered) }
  }

  /// Shuffles the study order with a Fisher–Yates pass over 4-byte positions, then re-filters.
  mutating func shuffle(using generator: inout SplitMix64) {
    order.withUnsafeMutableBufferPointer { $0.fisherYatesShuffle(using: &generator) }
    if chosenPositions != nil {
      chosenPositions?.withUnsafeMutableBufferPointer { $0.fisherYatesShuffle(using: &generator) }
    } else if mode == .due {
      duePositions.withUnsafeMutableBufferPointer { $0.fisherYatesShuffle(using: &generator) }
    }
    refilter()
  }

  /// Rebuilds the visible words from the study order: nothing to do when the mode shows every
  /// word and there is no search, else one pass over the one-byte states (and the text of
  /// the words the mode shows, when searching).
  ///
  /// - Complexity: O(1) for ``StudyMode/all`` without a search, O(*n*) otherwise.
  mutating func refilter() {
    changes.touchVisibleWords()
    showsAll = mode == .all && searchKey == nil && chosenPositions == nil
    guard !showsAll else { return }
    filtered.removeAll(keepingCapacity: true)
    if let chosen = chosenPositions ?? (mode == .due ? duePositions : nil) {
      filtered = searchKey == nil ? chosen : chosen.filter { matchesSearch(at: Int($0)) }
      return
    }
    filtered.reserveCapacity(order.count)
    if searchKey == nil {
      states.withUnsafeBufferPointer { states in
        for position in order where mode.includes(states[Int(position)]) {
          filtered.append(position)
        }
      }
    } else {
      for position in order where isShown(at: Int(position)) {
        filtered.append(position)
      }
    }
  }

  /// Sets the visible words to `positions`, positions in the study order, the words Due mode
  /// shows to `due`, and the words chosen to study on their own to `chosen`; for decoding.
  mutating func setVisible(_ positions: [Int32], due: [Int32], chosen: [Int32]? = nil) {
    duePositions = due
    chosenPositions = chosen
    changes.touchVisibleWords()
    showsAll = positions == order
    filtered = showsAll ? [] : positions
  }
}
