import Testing
import Wordbook

/// The study screen's rules as every front end runs them, through the public API alone.
@Suite struct StudyCardsTests {
  private static let time = Timestamp(secondsSince1970: 1_800_000_000)
  private let reducer = AppReducer(service: InMemoryWordService())

  /// A state with one book of `count` words open; effects are not run.
  private func opened(count: Int = 5) -> AppState {
    var state = AppState(seed: 7)
    let book = WordBook(id: WordBook.ID(1), title: "Korean basics", wordCount: count)
    let words = (1...max(count, 1)).prefix(count).map {
      Word(id: Word.ID(Int64($0)), term: "term \($0)", meaning: "meaning \($0)")
    }
    for action: AppAction in [
      .books(.view(.loadBooks)), .books(.booksLoaded(.success([book]))),
      .books(.view(.selectBook(book.id))),
      .study(.wordsLoaded(book.id, .success(words))),
    ] {
      reducer.apply(action, to: &state)
    }
    return state
  }

  /// Applies `commands` in turn, each to the state the actions of the one before made, the
  /// cards following the app after each, as a front end has them.
  private func apply(
    _ commands: [StudyCards.Command], to state: inout AppState, cards: inout StudyCards
  ) -> [AppAction] {
    var sent: [AppAction] = []
    for command in commands {
      let book = state.session.bookID
      let outcome = cards.apply(command, to: state, at: Self.time)
      for action in outcome.actions { reducer.apply(action, to: &state) }
      cards.follow(state, bookBefore: book)
      sent += outcome.actions
    }
    return sent
  }

  /// A screen over `state` that has followed its round, its cursor at `cursor`, its ratings
  /// of origin 7.
  private func screen(on state: AppState, cursor: Int = 0) -> StudyCards {
    var cards = StudyCards(ratingOrigin: 7)
    cards.follow(state, bookBefore: state.session.bookID)
    cards.cursor = cursor
    return cards
  }

  /// The rating given by a screen of origin 7 with this sequence number.
  private func id(_ sequence: UInt64) -> ReviewID {
    ReviewID(origin: 7, sequence: sequence)
  }

  @Test func ratingRatesTheCurrentCardAndMovesOnUntilTheLast() {
    var state = opened()
    var cards = screen(on: state, cursor: 3)
    // The card under the cursor, the next, then the first left before them.
    #expect(
      apply([.rate(.good), .rate(.again), .rate(.easy)], to: &state, cards: &cards) == [
        .study(.view(.rate(Word.ID(4), .good, at: Self.time, id: id(0)))),
        .study(.view(.rate(Word.ID(5), .again, at: Self.time, id: id(1)))),
        .study(.view(.rate(Word.ID(1), .easy, at: Self.time, id: id(2)))),
      ])
    #expect(cards.cursor == 1)
    #expect(
      apply([.flip, .resetMark], to: &state, cards: &cards) == [
        .study(.view(.flip(Word.ID(2)))), .study(.view(.resetMark(Word.ID(2)))),
      ])
    #expect(cards.cursor == 1)
  }

  @Test func aRatingOfTheCardShownRatesItOnlyWhileItIsTheCurrentOne() {
    var state = opened()
    var cards = screen(on: state)
    #expect(
      apply([.rateShown(Word.ID(1), .good)], to: &state, cards: &cards) == [
        .study(.view(.rate(Word.ID(1), .good, at: Self.time, id: id(0))))
      ])
    // A second tap on the card shown before the next arrived rates nothing.
    #expect(apply([.rateShown(Word.ID(1), .good)], to: &state, cards: &cards).isEmpty)
    #expect(cards.cursor == 1)
  }

  @Test func movesStayAmongTheCards() {
    var state = opened()
    var cards = StudyCards()
    cards.pageSize = 2
    let moves: [(StudyCards.Command, Int)] = [
      (.previous, 0), (.next, 1), (.nextPage, 3), (.nextPage, 4), (.next, 4), (.previousPage, 2),
      (.first, 0), (.last, 4),
    ]
    for (command, cursor) in moves {
      #expect(apply([command], to: &state, cards: &cards).isEmpty)
      #expect(cards.cursor == cursor, "\(command)")
    }
  }

  @Test(arguments: [
    StudyCards.Command.shuffle, .toggleStudyMode, .setSearchQuery("term"),
    .openBook(WordBook.ID(1)), .createBook(title: "New"),
  ])
  func aNewOrderModeSearchOrBookStartsFromTheFirstCard(command: StudyCards.Command) {
    var state = opened()
    var cards = StudyCards(cursor: 3)
    #expect(apply([command], to: &state, cards: &cards).count == 1)
    #expect(cards.cursor == 0)
  }

  @Test func clearingASearchOnlyActsWhenOneIsInForce() {
    var state = opened()
    var cards = screen(on: state)
    #expect(apply([.moveTo(2), .clearSearch], to: &state, cards: &cards).isEmpty)
    #expect(cards.cursor == 2)
    _ = apply([.setSearchQuery("term")], to: &state, cards: &cards)
    _ = apply([.next], to: &state, cards: &cards)
    #expect(
      apply([.clearSearch], to: &state, cards: &cards) == [.study(.view(.setSearchQuery(nil)))])
    #expect(cards.cursor == 0)
  }

  @Test func undoAndRedoSayWhatTheyDidAndGoToTheCard() {
    var state = opened()
    var cards = StudyCards(cursor: 1)
    _ = apply([.rate(.good)], to: &state, cards: &cards)
    _ = apply([.last], to: &state, cards: &cards)
    #expect(apply([.undo], to: &state, cards: &cards) == [.study(.view(.undo))])
    #expect(cards.notice == .undid(StudyStateChange(wordID: Word.ID(2), state: .notStudied)))
    #expect(cards.cursor == 1)
    #expect(apply([.undo], to: &state, cards: &cards).isEmpty)
    #expect(cards.notice == .nothingToUndo)
    #expect(apply([.redo], to: &state, cards: &cards) == [.study(.view(.redo))])
    #expect(cards.notice == .redid(StudyStateChange(wordID: Word.ID(2), state: .success)))
    _ = apply([.next], to: &state, cards: &cards)
    #expect(cards.notice == nil)
  }

  @Test func commandsForWhatTheFrontEndDrawsNameTheCurrentCard() {
    let state = opened()
    var cards = StudyCards(cursor: 2)
    #expect(cards.apply(.edit, to: state, at: Self.time).request == .editWord(Word.ID(3)))
    #expect(cards.apply(.delete, to: state, at: Self.time).request == .deleteWord(Word.ID(3)))
    #expect(
      cards.apply(.chooseBook, to: state, at: Self.time)
        == StudyCards.Outcome(
          actions: [.books(.view(.loadBooks)), .books(.view(.loadRoundCounts))],
          request: .chooseBook))
    let empty = opened(count: 0)
    #expect(cards.apply(.edit, to: empty, at: Self.time) == StudyCards.Outcome())
    #expect(cards.apply(.rate(.good), to: empty, at: Self.time) == StudyCards.Outcome())
  }

  @Test func quittingWaitsForTheMarksAndOffersToRetryThoseRefused() {
    var state = opened()
    var cards = StudyCards()
    reducer.apply(.study(.view(.markSuccess(Word.ID(1)))), to: &state)
    _ = apply([.quit], to: &state, cards: &cards)
    #expect(cards.isQuitting && !cards.hasQuit && !cards.isFinished(state))
    // While the mark is on its way, quitting again waits and there is nothing to retry.
    #expect(apply([.quit, .retryUnsavedMarks], to: &state, cards: &cards).isEmpty)
    #expect(!cards.hasQuit)
    _ = reducer.reduce(
      into: &state,
      action: .study(.studyStatesSaved(.failure(WordServiceError(.unavailable, "locked")))))
    #expect(
      apply([.retryUnsavedMarks], to: &state, cards: &cards) == [.study(.view(.retryUnsavedMarks))])
    _ = reducer.reduce(
      into: &state,
      action: .study(.studyStatesSaved(.failure(WordServiceError(.unavailable, "locked")))))
    _ = apply([.cancelQuit], to: &state, cards: &cards)
    #expect(!cards.isQuitting)
    // Quitting again waits no more: the service has answered, and the refused mark is counted.
    _ = apply([.quit, .quit], to: &state, cards: &cards)
    #expect(cards.hasQuit && cards.isFinished(state))
    #expect(cards.marksLeftUnsaved == 1)
  }

  @Test func quittingWithEveryMarkSavedQuitsAtOnce() {
    var state = opened()
    var cards = StudyCards()
    _ = apply([.quit], to: &state, cards: &cards)
    #expect(cards.hasQuit && cards.marksLeftUnsaved == 0)
  }

  /// Random commands on books of 0 to 6 cards, with words deleted between them: the cursor
  /// always names a card when there is one, and a rating always rates the card it named.
  @Test func theCursorAlwaysNamesACard() {
    var generator = SplitMix64(seed: 11)
    let commands: [StudyCards.Command] = [
      .flip, .rate(.good), .rate(.again), .resetMark, .next, .previous, .nextPage, .previousPage,
      .first, .last, .undo, .redo, .shuffle, .toggleStudyMode, .setSearchQuery("1"),
      .clearSearch, .toggleReverse,
    ]
    for _ in 0..<200 {
      var state = opened(count: Int(generator.next() % 7))
      var cards = StudyCards(cursor: Int(generator.next() % 9))
      cards.pageSize = Int(generator.next() % 4)
      for _ in 0..<30 {
        if generator.next() % 8 == 0, let id = state.visibleWords.ids.last {
          reducer.apply(.study(.view(.deleteWord(id))), to: &state)
          reducer.apply(.study(.wordDeleted(id, .success(id))), to: &state)
        }
        let command = commands[Int(generator.next() % UInt64(commands.count))]
        let current = cards.position(in: state)
        let visible = state.visibleWords
        let id = ReviewID(origin: cards.ratingOrigin, sequence: cards.ratingsGiven)
        let outcome = cards.apply(command, to: state, at: Self.time)
        if case .rate(let rating) = command, !visible.isEmpty {
          // Nothing rates a card of an ended round.
          #expect(
            outcome.actions
              == (state.session.round.isOver
                ? []
                : [.study(.view(.rate(visible.id(at: current), rating, at: Self.time, id: id)))]))
        }
        for action in outcome.actions { reducer.apply(action, to: &state) }
        let count = state.visibleWords.count
        #expect(cards.position(in: state) < max(count, 1))
        #expect(cards.cursor >= 0 && cards.cursor <= max(count - 1, 0))
      }
    }
  }

  @Test func everyKeyAsksForOneCommandAndEveryHelpLineIsUsed() {
    let bindings = StudyKeyMap.rows.flatMap(\.bindings)
    #expect(Set(bindings.map(\.key)).count == bindings.count)
    #expect(Set(StudyKeyMap.rows.map(\.help)) == Set(StudyKeyHelp.allCases))
    for binding in bindings {
      #expect(StudyKeyMap.command(for: binding.key) == binding.command)
    }
    #expect(StudyKeyMap.command(for: "x") == nil)
    #expect(StudyKeyMap.rows[0].keys == "Space, Enter")
    for help in StudyKeyHelp.allCases {
      #expect(!help.text(in: .english).isEmpty && !help.text(in: .korean).isEmpty)
    }
  }
}
