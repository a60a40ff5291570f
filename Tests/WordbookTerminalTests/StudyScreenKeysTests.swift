import Testing
import Wordbook

@testable import WordbookTerminal

@Suite struct StudyScreenKeysTests {
  private func press(
    _ keys: [Key], state: AppState, screen: inout StudyScreenState
  ) -> [AppAction] {
    keys.flatMap { StudyScreenKeys.handle($0, state: state, screen: &screen, at: Self.time) }
  }

  private let state = StateBuilder.open().state
  private static let time = Timestamp(secondsSince1970: 1_800_000_000)

  @Test func studyKeysSendTheirActionsForTheCurrentCard() {
    var screen = StudyScreenState(cursor: 2)
    let id = Word.ID(3)
    #expect(press([" "], state: state, screen: &screen) == [.study(.view(.flip(id)))])
    #expect(press([.enter], state: state, screen: &screen) == [.study(.view(.flip(id)))])
    #expect(press(["0"], state: state, screen: &screen) == [.study(.view(.resetMark(id)))])
    #expect(press(["s"], state: state, screen: &screen) == [.study(.view(.shuffle))])
    #expect(screen.cards.cursor == 0)
    #expect(press(["m"], state: state, screen: &screen) == [.study(.view(.toggleStudyMode))])
  }

  @Test func quittingWaitsForMarksAndOffersRetryOnceRefused() {
    var builder = StateBuilder.open()
    builder.apply(.study(.view(.markSuccess(Word.ID(1)))))
    var screen = StudyScreenState()
    #expect(press(["q"], state: builder.state, screen: &screen).isEmpty)
    #expect(screen.cards.isQuitting)
    // While the mark is on its way, q does not quit and r has nothing to retry.
    #expect(press(["q", "r"], state: builder.state, screen: &screen).isEmpty)
    #expect(!screen.cards.hasQuit)
    builder.apply(
      .study(.studyStatesSaved(.failure(WordServiceError(.unavailable, "locked")))))
    #expect(
      press(["r"], state: builder.state, screen: &screen) == [.study(.view(.retryUnsavedMarks))])
    #expect(press([.escape], state: builder.state, screen: &screen).isEmpty)
    #expect(!screen.cards.isQuitting)
    #expect(press(["q", "q"], state: builder.state, screen: &screen).isEmpty)
    #expect(screen.cards.hasQuit)
    #expect(screen.cards.marksLeftUnsaved == 1)
  }

  @Test func quittingWithEverythingSavedQuitsAtOnce() {
    var screen = StudyScreenState()
    #expect(press(["q"], state: state, screen: &screen).isEmpty)
    #expect(screen.cards.hasQuit)
    #expect(screen.cards.marksLeftUnsaved == 0)
  }

  /// Keys through the screen's reducer, the app's actions they ask for applied in the same
  /// pass (the service's answers not run): the actions each key applied.
  private func pressThroughTheReducer(_ keys: [Key], on screen: inout StudyScreen)
    -> [AppAction]
  {
    let reducer = StudyScreenReducer(app: AppReducer(service: InMemoryWordService()))
    var applied: [AppAction] = []
    for key in keys {
      reducer.apply(.key(key, pageSize: 10, at: Self.time), to: &screen)
      applied += screen.recordedActions(for: .key(key, pageSize: 10)).compactMap(\.appAction)
    }
    return applied
  }

  /// A screen on the sample book, its cursor on `cursor`, its ratings of origin 9.
  private func openScreen(cursor: Int = 0) -> StudyScreen {
    var screen = StudyScreen(app: state)
    screen.opensFirstBook = false
    screen.screen.cards.cursor = cursor
    screen.screen.cards.ratingOrigin = 9
    return screen
  }

  private func id(_ sequence: UInt64) -> ReviewID {
    ReviewID(origin: 9, sequence: sequence)
  }

  @Test func ratingMovesToTheRoundsNextCard() {
    let time = Self.time
    var screen = openScreen(cursor: 3)
    #expect(
      pressThroughTheReducer([.right], on: &screen) == [
        .study(.view(.rate(Word.ID(4), .good, at: time, id: id(0))))
      ])
    #expect(screen.screen.cards.cursor == 4)
    // The last card, then back to the first left before the one rated first.
    #expect(
      pressThroughTheReducer(["h", "l"], on: &screen) == [
        .study(.view(.rate(Word.ID(5), .again, at: time, id: id(1)))),
        .study(.view(.rate(Word.ID(1), .good, at: time, id: id(2)))),
      ])
    #expect(screen.screen.cards.cursor == 1)
    #expect(screen.app.session.round.missed == [Word.ID(5)])
  }

  /// 1 to 4 rate the card again, hard, good and easy; 0 still resets its mark.
  @Test func digitKeysRateTheCard() {
    var screen = openScreen()
    let time = Self.time
    #expect(
      pressThroughTheReducer(["1", "2", "3", "4", "0"], on: &screen) == [
        .study(.view(.rate(Word.ID(1), .again, at: time, id: id(0)))),
        .study(.view(.rate(Word.ID(2), .hard, at: time, id: id(1)))),
        .study(.view(.rate(Word.ID(3), .good, at: time, id: id(2)))),
        .study(.view(.rate(Word.ID(4), .easy, at: time, id: id(3)))),
        .study(.view(.resetMark(Word.ID(5)))),
      ])
  }

  /// A round rated to its end shows its summary, and no key rates a card of it.
  @Test func noKeyRatesACardOfAnEndedRound() {
    var screen = openScreen()
    let keys: [Key] = Array(repeating: "4", count: 5)
    #expect(pressThroughTheReducer(keys, on: &screen).count == 5)
    // The answers have not come: the round waits for them before it ends.
    #expect(!screen.app.session.round.isOver)
    let reducer = StudyScreenReducer(app: AppReducer(service: InMemoryWordService()))
    for word in StateBuilder.sampleWords {
      let memory = WordMemory.replaying(
        [Review(rating: .easy, time: Self.time)], of: word.id,
        with: ReviewScheduler(settings: .standard)
      ).state
      _ = reducer.reduce(
        into: &screen, action: .app(.study(.reviewRecorded(word.id, .success(memory)))))
    }
    #expect(screen.app.session.round.isOver)
    #expect(pressThroughTheReducer(["l", "h", "3"], on: &screen).isEmpty)
    #expect(screen.app.session.round.ratedCount == 5)
  }

  @Test func arrowsAndVimKeysMoveWithinTheList() {
    var screen = StudyScreenState()
    _ = press([.up, "k"], state: state, screen: &screen)
    #expect(screen.cards.cursor == 0)
    _ = press([.down, "j", .down, .down, .down, .down], state: state, screen: &screen)
    #expect(screen.cards.cursor == 4)
  }

  @Test func studyKeysDoNothingWithoutWords() {
    let empty = StateBuilder.open(words: []).state
    var screen = StudyScreenState()
    #expect(press([" ", "l", "h", "0"], state: empty, screen: &screen).isEmpty)
  }

  @Test func addingAWordTakesATermThenAMeaning() {
    var screen = StudyScreenState()
    let typed: [Key] = ["a", "가", "닥", .backspace, "다", .enter, "t", "o", .tab, "g", "o", .enter]
    #expect(
      press(typed, state: state, screen: &screen) == [
        .study(.view(.saveWord(term: "가다", meaning: "to go")))
      ])
    #expect(screen.prompt == nil)
  }

  @Test func escapeCancelsAPromptAndTypedLettersAreNotCommands() {
    var screen = StudyScreenState()
    #expect(press(["a", "q", "s", .escape], state: state, screen: &screen).isEmpty)
    #expect(screen.prompt == nil)
    #expect(!screen.cards.hasQuit)
  }

  @Test func helpOpensAndAnyKeyClosesIt() {
    var screen = StudyScreenState()
    _ = press(["?"], state: state, screen: &screen)
    #expect(screen.overlay == .help)
    #expect(press(["s"], state: state, screen: &screen).isEmpty)
    #expect(screen.overlay == .none)
  }

  @Test(arguments: [
    ([Key.character("q")], true), ([.endOfInput], true),
    (["x", .unknownSequence([27, 91, 51, 126])], false),
  ])
  func quitKeys(keys: [Key], quits: Bool) {
    var screen = StudyScreenState()
    _ = press(keys, state: state, screen: &screen)
    #expect(screen.cards.hasQuit == quits)
  }

  @Test func escapeDismissesAnError() {
    var builder = StateBuilder.open()
    builder.apply(.study(.view(.undo)))
    var screen = StudyScreenState()
    #expect(press([.escape], state: builder.state, screen: &screen) == [.dismissError])
  }

  @Test func pickerChoosesReloadsAndCreatesBooks() {
    var builder = StateBuilder()
    let books = [
      WordBook(id: WordBook.ID(4), title: "A"), WordBook(id: WordBook.ID(9), title: "B"),
    ]
    builder.apply(.books(.view(.loadBooks)), .books(.booksLoaded(.success(books))))
    var screen = StudyScreenState()
    #expect(screen.showsPicker(builder.state))
    #expect(
      press([.down, .enter], state: builder.state, screen: &screen) == [
        .books(.view(.selectBook(WordBook.ID(9))))
      ])
    #expect(
      press(["b"], state: builder.state, screen: &screen) == [
        .books(.view(.loadBooks)), .books(.view(.loadRoundCounts)),
      ])
    #expect(
      press(["n", "V", .enter], state: builder.state, screen: &screen) == [
        .books(.view(.createBook(title: "V")))
      ])
  }

  @Test func bOpensThePickerOnTheCurrentBookAndEscapeGoesBack() {
    var screen = StudyScreenState()
    #expect(
      press(["b"], state: state, screen: &screen) == [
        .books(.view(.loadBooks)), .books(.view(.loadRoundCounts)),
      ])
    #expect(screen.showsPicker(state))
    #expect(screen.pickerCursor == 0)
    _ = press([.escape], state: state, screen: &screen)
    #expect(!screen.showsPicker(state))
  }

  @Test func eEditsTheCurrentCardTermThenMeaningPrefilled() {
    var screen = StudyScreenState(cursor: 1)
    #expect(press(["e"], state: state, screen: &screen) == [])
    #expect(screen.prompt == .editTerm(Word.ID(2), text: "감사합니다", meaning: "thank you"))
    _ = press([.backspace, .backspace, "요", .enter], state: state, screen: &screen)
    #expect(screen.prompt == .editMeaning(Word.ID(2), term: "감사합요", text: "thank you"))
    #expect(
      press(["!", .enter], state: state, screen: &screen) == [
        .study(.view(.editWord(Word.ID(2), term: "감사합요", meaning: "thank you!")))
      ])
    #expect(screen.prompt == nil)
  }

  @Test func aBlankTermIsCheckedAtTheTermStepAndTheTypingStays() {
    var screen = StudyScreenState()
    #expect(
      press(["a", " ", .enter], state: state, screen: &screen) == [
        .study(.view(.saveWord(term: " ", meaning: "")))
      ])
    #expect(screen.prompt == .term(" "))
    _ = press([.backspace, "x", .enter], state: state, screen: &screen)
    #expect(screen.prompt == .meaning(term: "x", text: ""))
  }

  @Test func dDeletesTheCurrentCardOnlyAfterYes() {
    var screen = StudyScreenState(cursor: 3)
    #expect(press(["d"], state: state, screen: &screen) == [])
    #expect(screen.question == .deleteWord(Word.ID(4)))
    #expect(press(["n"], state: state, screen: &screen) == [])
    #expect(screen.question == nil)
    #expect(
      press(["d", "y"], state: state, screen: &screen) == [.study(.view(.deleteWord(Word.ID(4))))])
  }

  @Test func slashSearchesAndEscapeClears() {
    var screen = StudyScreenState(cursor: 3)
    #expect(
      press(["/", "l", "o", .enter], state: state, screen: &screen) == [
        .study(.view(.setSearchQuery("lo")))
      ])
    #expect(screen.cards.cursor == 0)
    var builder = StateBuilder.open()
    builder.apply(.study(.view(.setSearchQuery("lo"))))
    #expect(press(["/"], state: builder.state, screen: &screen) == [])
    #expect(screen.prompt == .search(""))
    #expect(
      press([.escape], state: builder.state, screen: &screen) == [
        .study(.view(.setSearchQuery(nil)))
      ])
    #expect(
      press([.escape], state: builder.state, screen: &screen) == [
        .study(.view(.setSearchQuery(nil)))
      ])
  }

  @Test func pagesAndEndsMoveTheCursorAndVSwitchesTheWay() {
    var screen = StudyScreenState()
    screen.cards.pageSize = 2
    _ = press([.pageDown], state: state, screen: &screen)
    #expect(screen.cards.cursor == 2)
    _ = press([.pageDown, .pageDown], state: state, screen: &screen)
    #expect(screen.cards.cursor == 4)
    _ = press([.pageUp], state: state, screen: &screen)
    #expect(screen.cards.cursor == 2)
    _ = press(["g"], state: state, screen: &screen)
    #expect(screen.cards.cursor == 0)
    _ = press([.end], state: state, screen: &screen)
    #expect(screen.cards.cursor == 4)
    _ = press([.home, "G"], state: state, screen: &screen)
    #expect(screen.cards.cursor == 4)
    #expect(press(["v"], state: state, screen: &screen) == [.study(.view(.toggleReverse))])
  }

  @Test func thePickerRenamesAndDeletesTheHighlightedBook() {
    var builder = StateBuilder()
    let books = [
      WordBook(id: WordBook.ID(4), title: "A"), WordBook(id: WordBook.ID(9), title: "B"),
    ]
    builder.apply(.books(.view(.loadBooks)), .books(.booksLoaded(.success(books))))
    var screen = StudyScreenState()
    _ = press([.down, "r"], state: builder.state, screen: &screen)
    #expect(screen.prompt == .renameBook(WordBook.ID(9), "B"))
    #expect(
      press(["2", .enter], state: builder.state, screen: &screen) == [
        .books(.view(.renameBook(WordBook.ID(9), title: "B2")))
      ])
    #expect(press(["d", "x"], state: builder.state, screen: &screen) == [])
    #expect(
      press(["d", "y"], state: builder.state, screen: &screen) == [
        .books(.view(.deleteBook(WordBook.ID(9))))
      ])
  }

  @Test func slashStartsANewQueryWhileTheHeaderShowsTheOneInForce() {
    var builder = StateBuilder.open()
    builder.apply(.study(.view(.setSearchQuery("sc"))))
    var screen = StudyScreenState()
    #expect(
      press(["/", "공", .enter], state: builder.state, screen: &screen) == [
        .study(.view(.setSearchQuery("공")))
      ])
  }

  @Test func promptsEditAtACursorThatArrowsMove() {
    var screen = StudyScreenState()
    _ = press(["a", "c", "t", .left, "a"], state: state, screen: &screen)
    #expect(screen.prompt == .term("cat"))
    #expect(screen.promptCursorFromEnd == 1)
    _ = press([.backspace, .right, .right, "s"], state: state, screen: &screen)
    #expect(screen.prompt == .term("cts"))
    _ = press([.home, .backspace, "x", .control(5), "!"], state: state, screen: &screen)
    #expect(screen.prompt == .term("xcts!"))
    _ = press([.control(1), .delete, .right, "y"], state: state, screen: &screen)
    #expect(screen.prompt == .term("cyts!"))
    _ = press([.end, .delete, .control(0x15)], state: state, screen: &screen)
    #expect(screen.prompt == .term(""))
    #expect(screen.promptCursorFromEnd == 0)
    // Enter starts the meaning with its cursor at the end, whatever the term's was.
    _ = press(["가", "다", .left, .enter, "g", "o"], state: state, screen: &screen)
    #expect(screen.prompt == .meaning(term: "가다", text: "go"))
    #expect(screen.promptCursorFromEnd == 0)
  }

  @Test func enterAfterARefusalDismissesItBeforeTheNextStep() {
    var builder = StateBuilder.open()
    var screen = StudyScreenState()
    let refused = press(["a", " ", .enter], state: builder.state, screen: &screen)
    builder.apply(refused)
    #expect(builder.state.lastError == .blankTerm)
    #expect(
      press([.backspace, "x", .enter], state: builder.state, screen: &screen) == [
        .dismissError
      ])
    #expect(screen.prompt == .meaning(term: "x", text: ""))
    #expect(press([.escape], state: builder.state, screen: &screen) == [.dismissError])
  }

  @Test func undoAfterADeletionNamesTheOlderCardItChangesAndGoesToIt() {
    var builder = StateBuilder.open()
    builder.apply(
      .study(.view(.markSuccess(Word.ID(1)))), .study(.view(.markFail(Word.ID(4)))),
      .study(.view(.deleteWord(Word.ID(4)))),
      .study(.wordDeleted(Word.ID(4), .success(Word.ID(4)))))
    var screen = StudyScreenState(cursor: 3)
    #expect(press(["u"], state: builder.state, screen: &screen) == [.study(.view(.undo))])
    #expect(screen.cards.notice == .undid(StudyStateChange(wordID: Word.ID(1), state: .notStudied)))
    #expect(screen.cards.cursor == 0)
    builder.apply(.study(.view(.undo)))
    #expect(press(["u"], state: builder.state, screen: &screen) == [])
    #expect(screen.cards.notice == .nothingToUndo)
    #expect(press(["r"], state: builder.state, screen: &screen) == [.study(.view(.redo))])
    #expect(screen.cards.notice == .redid(StudyStateChange(wordID: Word.ID(1), state: .success)))
    _ = press(["j"], state: builder.state, screen: &screen)
    #expect(screen.cards.notice == nil)
  }
}
