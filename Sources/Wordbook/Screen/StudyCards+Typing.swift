extension StudyCards {
  /// A typed answer checked against a card: what the learner typed compared with the card's
  /// answer, until the screen shows another card.
  public struct CheckedAnswer: Hashable, Sendable {
    /// The word whose card was answered.
    public var wordID: Word.ID
    /// What the learner typed.
    public var typed: String
    /// The comparison, and the rating it proposes.
    public var result: TypedAnswer

    /// An answer `typed` for `wordID`'s card, compared as `result`.
    public init(wordID: Word.ID, typed: String, result: TypedAnswer) {
      self.wordID = wordID
      self.typed = typed
      self.result = result
    }
  }

  /// Whether the screen asks the learner to type the answers of the open book's cards.
  public func isTyping(in app: AppState) -> Bool {
    app.session.bookID.map(preferences.typingBooks.contains) ?? false
  }

  /// Whether the screen waits for the learner to type the current card's answer: typing is on,
  /// a card of an unfinished round shows, and its answer is not checked yet.
  public func awaitsTypedAnswer(in app: AppState) -> Bool {
    isTyping(in: app) && checkedAnswer == nil && currentCard(in: app) != nil
      && !app.session.round.isOver
  }

  /// The answer a typed text is compared with on `wordID`'s card: its back, the meaning, or the
  /// term when the cards show the meaning first.
  public static func answer(of word: Word, in app: AppState) -> String {
    app.session.isReversed ? word.term : word.meaning
  }

  /// Compares `typed` with the current card's answer, and turns the card over to show it.
  mutating func check(_ typed: String, current: Word.ID?, in app: AppState) -> Outcome {
    guard isTyping(in: app), !app.session.round.isOver, let current,
      let word = app.session.words[current]
    else { return Outcome() }
    let result = TypedAnswer(typed: typed, answer: Self.answer(of: word, in: app))
    checkedAnswer = CheckedAnswer(wordID: current, typed: typed, result: result)
    return Outcome(actions: app.face(of: current) == .front ? [.study(.view(.flip(current)))] : [])
  }
}
