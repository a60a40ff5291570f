extension StudyRound {
  // MARK: Starting

  /// A round over the cards `context` shows, from the first.
  ///
  /// A Due round (with a schedule) counts its cards by kind and keeps its learning cards not
  /// yet due for when their step is; any other round counts them as unscheduled.
  ///
  /// - Complexity: O(*n*) for *n* cards shown in a Due round, O(1) in any other.
  static func starting(
    in context: Context, at time: Timestamp?, learnAheadLimit: Duration
  ) -> StudyRound {
    var round = StudyRound()
    round.isStarted = true
    round.learnAheadLimit = learnAheadLimit
    round.time = time
    if context.schedule != nil, let time {
      round.isScheduled = true
      for position in context.visible.indices {
        let id = context.visible.id(at: position)
        let (kind, due) = context.scheduled(id)
        if let due, due > time {
          round.queue.cards[id] = Card(status: .learning(due: due, position: Int32(position)))
          round.addLearning(id, due: due)
        } else {
          round.counts.add(kind, 1)
        }
      }
    } else {
      round.counts.unscheduled = context.visible.count
    }
    round.selectNext(after: nil, in: context)
    return round
  }

  // MARK: Answering

  /// Takes a rating of `wordID` at `time`: the card is answered, and the next one chosen.
  ///
  /// A card the round does not show is left alone.
  ///
  /// - Returns: Whether the card is one of the round's.
  @discardableResult
  mutating func answer(
    _ wordID: Word.ID, _ rating: Rating, at time: Timestamp, in context: Context
  ) -> Bool {
    let hint =
      wordID == current
      ? currentPosition : queue.shownAt.flatMap { $0.wordID == wordID ? $0.position : nil }
    queue.shownAt = nil
    guard let position = locate(wordID, near: hint, in: context) else { return false }
    moveTime(to: time)
    let prior = queue.cards[wordID]
    let kind = kind(of: wordID, in: context)
    if let prior { leave(prior.status) } else { counts.add(kind, -1) }
    var card = prior ?? Card(status: .done)
    if card.ratings == 0 { ratedCount += 1 }
    if rating == .again {
      if card.misses == 0 { missed.append(wordID) }
      card.misses += 1
    }
    card.ratings += 1
    answerCount += 1
    card.status = .awaiting(position: Int32(position), time: time)
    queue.awaitingCount += 1
    queue.cards[wordID] = card
    queue.answers.append(
      Answer(wordID: wordID, rating: rating, prior: prior, kind: kind, position: Int32(position)))
    if current == wordID {
      current = nil
      currentPosition = nil
    }
    selectNext(after: position, in: context)
    return true
  }

  /// Takes the memory state the service gave a card just rated: in a Due round, a learning or
  /// relearning card whose step falls within a day of the rating waits for it; any other card is
  /// done (a round of another mode goes through its cards once).
  mutating func learn(_ wordID: Word.ID, _ memory: MemoryState, in context: Context) {
    guard var card = queue.cards[wordID], case .awaiting(let position, let time) = card.status
    else { return }
    queue.awaitingCount -= 1
    if isScheduled, memory.phase.isLearning, let due = memory.due,
      due < time.advanced(by: Timestamp.secondsPerDay)
    {
      card.status = .learning(due: due, position: position)
      queue.cards[wordID] = card
      addLearning(wordID, due: due)
    } else {
      card.status = .done
      queue.cards[wordID] = card
    }
    if current == nil, !isOver { selectNext(after: nil, in: context) }
  }

  /// Takes back the last rating of `wordID`, which the service refused: the card is as it was
  /// before, and counted as before.
  mutating func rollBack(_ wordID: Word.ID, in context: Context) {
    guard takeBackLastAnswer(of: wordID) != nil else { return }
    isOver = false
    if current == nil { selectNext(after: nil, in: context) }
  }

  /// Takes back the last rating of `wordID`, as undo does: the card is as it was before the
  /// rating, and it is the current card again.
  mutating func undo(_ wordID: Word.ID, in context: Context) {
    guard let answer = takeBackLastAnswer(of: wordID) else { return }
    isOver = false
    current = wordID
    currentPosition = locate(wordID, near: Int(answer.position), in: context)
    if currentPosition == nil { selectNext(after: nil, in: context) }
  }

  /// Forgets a card that is leaving the cards shown (a word deleted), while `context` still
  /// shows it; ``reselect(in:)`` chooses the current card again once it is gone.
  mutating func forget(_ wordID: Word.ID, in context: Context) {
    if let card = queue.cards.removeValue(forKey: wordID) {
      if !isOver { leave(card.status) }
      if card.ratings > 0 { ratedCount -= 1 }
      if card.misses > 0 { missed.removeAll { $0 == wordID } }
    } else if !isOver {
      counts.add(context.kind(of: wordID), -1)
    }
    queue.answers.removeAll { $0.wordID == wordID }
    guard current == wordID else { return }
    current = nil
    queue.scanStart = min(queue.scanStart, currentPosition ?? 0)
    currentPosition = nil
  }

  /// Finds the current card again after the cards shown changed around it, or chooses the next
  /// one when it went.
  mutating func reselect(in context: Context) {
    queue.scanStart = min(queue.scanStart, context.visible.count)
    if let current {
      currentPosition = locate(current, near: currentPosition, in: context)
      if currentPosition != nil { return }
      self.current = nil
    }
    if !isOver { selectNext(after: nil, in: context) }
  }

  /// Counts again what is left, after the cards shown changed in more than one place (the rest
  /// of a big book arrived, the book was read again): every card shown not yet answered, and the
  /// learning cards due within the limit. The cards answered stay answered.
  ///
  /// - Complexity: O(*n*) for *n* cards shown.
  mutating func recount(in context: Context) {
    guard !isOver else { return }
    counts = RoundCounts()
    let visible = context.visible
    for position in visible.indices where queue.isUnanswered(visible.id(at: position)) {
      counts.add(kind(of: visible.id(at: position), in: context), 1)
    }
    for card in queue.cards.values {
      if case .learning(let due, _) = card.status, let cutoff, due <= cutoff {
        counts.learning += 1
      }
    }
    queue.scanStart = 0
    reselect(in: context)
  }

  /// Counts a card added to the cards shown, at their end, while the round goes on.
  mutating func add(_ wordID: Word.ID, in context: Context) {
    guard !isOver else { return }
    counts.add(context.kind(of: wordID), 1)
    if current == nil, queue.awaitingCount == 0 { selectNext(after: nil, in: context) }
  }

  // MARK: Choosing

  /// Chooses the current card after the one at `position` was answered (or from the start):
  /// a learning card whose step is due, else the next card not yet answered, else, once the
  /// service has answered every rating, a learning card due within the learn-ahead limit; with
  /// none, the round waits for the service's answers or is over.
  mutating func selectNext(after position: Int?, in context: Context) {
    if let (id, due) = firstLearning(), let time, due <= time {
      return show(id, in: context)
    }
    if let next = nextUnanswered(after: position, in: context.visible) {
      current = context.visible.id(at: next)
      currentPosition = next
      return
    }
    // A card rated and not yet answered may come back sooner than the first learning card:
    // learning ahead waits for the service's answers.
    if queue.awaitingCount == 0, let (id, due) = firstLearning(), let cutoff, due <= cutoff {
      return show(id, in: context)
    }
    current = nil
    currentPosition = nil
    isOver = queue.awaitingCount == 0 && ratedCount > 0
  }

  /// Makes the learning card `wordID` the current one, where it was shown.
  private mutating func show(_ wordID: Word.ID, in context: Context) {
    guard case .learning(_, let position) = queue.cards[wordID]?.status,
      let found = locate(wordID, near: Int(position), in: context)
    else {
      // A card no longer shown leaves the round's learning cards.
      if let card = queue.cards[wordID] { leave(card.status) }
      queue.cards[wordID]?.status = .done
      return selectNext(after: nil, in: context)
    }
    current = wordID
    currentPosition = found
  }

  /// The first card not yet answered after `position`, then from the start.
  private mutating func nextUnanswered(after position: Int?, in visible: VisibleWords) -> Int? {
    if let position {
      var next = position + 1
      while next < visible.count {
        if queue.isUnanswered(visible.id(at: next)) { return next }
        next += 1
      }
    }
    while queue.scanStart < visible.count {
      if queue.isUnanswered(visible.id(at: queue.scanStart)) { return queue.scanStart }
      queue.scanStart += 1
    }
    return nil
  }

  /// The learning card due first, and when.
  private mutating func firstLearning() -> (Word.ID, Timestamp)? {
    let cards = queue.cards
    queue.learning.dropStale { entry in
      guard case .learning(let due, _) = cards[entry.wordID]?.status else { return true }
      return due != entry.due
    }
    return queue.learning.first.map { ($0.wordID, $0.due) }
  }

  // MARK: Bookkeeping

  /// Moves the round's time on (never back: a clock set back does not bring a card back
  /// sooner), counting the learning cards that come within the learn-ahead limit.
  private mutating func moveTime(to time: Timestamp) {
    guard self.time.map({ time > $0 }) ?? true else { return }
    self.time = time
    guard let cutoff else { return }
    while let entry = queue.notYetCounted.first, entry.due <= cutoff {
      queue.notYetCounted.removeFirst()
      if case .learning(let due, _) = queue.cards[entry.wordID]?.status, due == entry.due {
        counts.learning += 1
      }
    }
  }

  /// Adds a learning card to the queue, and to the counts when it is due within the limit.
  private mutating func addLearning(_ wordID: Word.ID, due: Timestamp) {
    let entry = DueQueue.Entry(due: due, wordID: wordID)
    queue.learning.push(entry)
    if let cutoff, due <= cutoff {
      counts.learning += 1
    } else {
      queue.notYetCounted.push(entry)
    }
  }

  /// The kind a card not yet answered is counted as.
  private func kind(of wordID: Word.ID, in context: Context) -> Kind {
    if case .unanswered(let kind)? = queue.cards[wordID]?.status { return kind }
    return context.kind(of: wordID)
  }

  /// Takes a card's status out of the counts and the waiting, as it changes.
  private mutating func leave(_ status: Card.Status) {
    switch status {
    case .unanswered(let kind): counts.add(kind, -1)
    case .done: break
    case .awaiting: queue.awaitingCount -= 1
    case .learning(let due, _):
      if let cutoff, due <= cutoff { counts.learning -= 1 }
    }
  }

  /// Removes the last rating of `wordID` and puts its card back as it was.
  private mutating func takeBackLastAnswer(of wordID: Word.ID) -> Answer? {
    guard let index = queue.answers.lastIndex(where: { $0.wordID == wordID }),
      let card = queue.cards[wordID]
    else { return nil }
    let answer = queue.answers.remove(at: index)
    answerCount -= 1
    leave(card.status)
    if current == wordID {
      current = nil
      currentPosition = nil
    }
    let prior = answer.prior
    if card.ratings > 0, (prior?.ratings ?? 0) == 0 { ratedCount -= 1 }
    if card.misses > 0, (prior?.misses ?? 0) == 0 { missed.removeAll { $0 == wordID } }
    switch prior?.status {
    case nil:
      queue.cards[wordID] = Card(status: .unanswered(answer.kind))
      counts.add(answer.kind, 1)
      queue.scanStart = min(queue.scanStart, Int(answer.position))
    case .unanswered(let kind)?:
      queue.cards[wordID] = prior
      counts.add(kind, 1)
      queue.scanStart = min(queue.scanStart, Int(answer.position))
    case .done?:
      queue.cards[wordID] = prior
    case .awaiting?:
      queue.cards[wordID] = prior
      queue.awaitingCount += 1
    case .learning(let due, _)?:
      queue.cards[wordID] = prior
      addLearning(wordID, due: due)
    }
    return answer
  }

  /// The position of `wordID` among the cards shown: `hint`, or a place beside it (a card
  /// removed or added before it), when it is there; else found by a search of the cards shown.
  private func locate(_ wordID: Word.ID, near hint: Int?, in context: Context) -> Int? {
    let visible = context.visible
    if let hint {
      for offset in 0..<3 {
        let position = hint + (offset == 2 ? -1 : offset)
        if position >= 0, position < visible.count, visible.id(at: position) == wordID {
          return position
        }
      }
    }
    return visible.firstIndex(of: wordID)
  }
}

extension RoundCounts {
  /// Adds `amount` to the count of `kind`.
  fileprivate mutating func add(_ kind: StudyRound.Kind, _ amount: Int) {
    switch kind {
    case .new: new += amount
    case .learning: learning += amount
    case .due: due += amount
    case .unscheduled: unscheduled += amount
    }
  }
}
