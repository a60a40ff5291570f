import StoreCore

extension AppState: InvariantCheckingState {
  /// The invariants this state breaks, one sentence each; empty when it is consistent.
  ///
  /// They are what a state built by hand could get wrong and what ``AppReducer`` must keep:
  /// the words' index, tally and visible order agree with the words; the book the session
  /// studies is one of the list's books; the faces are of the words; the marks on their way to the service and the undo steps
  /// are well formed. A store asserts them after every action in debug builds; tests call it on
  /// the states they build.
  ///
  /// - Complexity: O(*n*) in the number of words.
  public var invariantViolations: [String] {
    let session = self.session
    let books = list.books
    var violations = session.words.invariantViolations()
    if Set(books.map(\.id)).count != books.count {
      violations.append("two books share an ID")
    }
    let words = session.words
    if session.wordsStatus == .loaded, !session.isLoadingRestOfWords,
      let book = books.first(where: { $0.id == session.bookID }),
      book.wordCount != words.count
    {
      violations.append("the selected book counts \(book.wordCount) words but holds \(words.count)")
    }
    if let bookID = session.bookID, !books.contains(where: { $0.id == bookID }) {
      violations.append("the selected book \(bookID) is not one of the books")
    }
    if session.bookID == nil, !words.isEmpty {
      violations.append("\(words.count) words are shown but no book is selected")
    }
    if let stray = session.backFaces.first(where: { !words.contains($0) }) {
      violations.append("word \(stray) shows its back but is not in the book")
    }
    violations += session.serviceSync.invariantViolations(
      words: words, wordsStatus: session.wordsStatus)
    violations += session.round.invariantViolations(in: session.roundContext)
    if let stray = session.unsavedReviews.first(where: {
      session.unsavedMarks[$0.key] != $0.value.studyState
    }) {
      violations.append("the unsaved rating of word \(stray.key) is not among the unsaved marks")
    }
    return violations
  }
}

extension WordList {
  /// What breaks the list's bookkeeping: its index, its tally and its orders.
  fileprivate func invariantViolations() -> [String] {
    var violations: [String] = []
    if states.count != count {
      violations.append("\(count) words have \(states.count) study states")
      return violations
    }
    if let misplaced = (0..<count).first(where: { position(of: entry(at: $0).id) != $0 }) {
      violations.append("the index does not find word \(entry(at: misplaced).id) where it is")
    }
    var recount = StudyTally()
    for state in states { recount[state] += 1 }
    if recount != tally {
      violations.append("the tally \(tally) does not count the words' states \(recount)")
    }
    // A permutation visits each position once: O(n) with one flag per word, no sort.
    var seen = [Bool](repeating: false, count: count)
    for position in order {
      guard seen.indices.contains(Int(position)), !seen[Int(position)] else { break }
      seen[Int(position)] = true
    }
    if order.count != count || seen.contains(false) {
      violations.append("the study order is not a permutation of the words")
      return violations
    }
    for chosen in [duePositions, chosenPositions ?? []]
    where chosen.contains(where: { !seen.indices.contains(Int($0)) })
      || Set(chosen).count != chosen.count
    {
      violations.append("Due mode's or the chosen words are not distinct words of the list")
      return violations
    }
    // Due mode and chosen words show in their own order, most overdue first; the others, in
    // the study order.
    let shownOrder = chosenPositions ?? (mode == .due ? duePositions : order)
    var rank = [Int](repeating: -1, count: order.count)
    for (index, position) in shownOrder.enumerated() { rank[Int(position)] = index }
    let visibleRanks = visible.map { Int($0) < rank.count ? rank[Int($0)] : -1 }
    if visibleRanks.contains(-1) || zip(visibleRanks, visibleRanks.dropFirst()).contains(where: >=)
    {
      violations.append(
        mode == .due
          ? "the visible words are not in Due mode's order"
          : "the visible words are not in study order")
    }
    if mode == .all, searchKey == nil, chosenPositions == nil, visible != order {
      violations.append("every word should be visible under the mode all without a search")
    }
    return violations
  }
}
