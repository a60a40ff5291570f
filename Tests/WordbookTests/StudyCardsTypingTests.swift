import Testing
import Wordbook

/// Typing the answer and asking to hear a card, as a front end gives the commands to
/// `StudyScreenFeature`: the comparison against the card's back, Enter taking the proposal,
/// a rating overriding it, and the speech requests.
@Suite struct StudyCardsTypingTests {
  private static let time = Timestamp(secondsSince1970: 1_800_000_000)
  private let feature = StudyScreenFeature(app: AppReducer(service: InMemoryWordService()))
  private let book = WordBook(id: WordBook.ID(1), title: "동사", wordCount: 3)

  /// A screen on one book of three words, open; effects are not run.
  private func opened() -> StudyScreenFeature.State {
    var state = StudyScreenFeature.State(app: AppState(seed: 7), cards: StudyCards(ratingOrigin: 7))
    let words = [
      Word(id: Word.ID(1), term: "쓰다듬다", meaning: "to stroke; to pat"),
      Word(id: Word.ID(2), term: "고양이", meaning: "cat"),
      Word(id: Word.ID(3), term: "-다", meaning: "ending"),
    ]
    for action: AppAction in [
      .books(.view(.loadBooks)), .books(.booksLoaded(.success([book]))),
      .books(.view(.selectBook(book.id))), .study(.wordsLoaded(book.id, .success(words))),
    ] {
      send(.app(action), to: &state)
    }
    return state
  }

  private func send(_ action: StudyScreenFeature.Action, to state: inout StudyScreenFeature.State) {
    feature.apply(action, to: &state)
  }

  /// Gives `command`; returns the ratings it made.
  @discardableResult
  private func command(_ command: StudyCards.Command, _ state: inout StudyScreenFeature.State)
    -> [Rating]
  {
    let action = StudyScreenFeature.Action.command(command, at: Self.time)
    send(action, to: &state)
    return state.recordedActions(for: action).compactMap {
      if case .app(.study(.view(.rate(_, let rating, _, _)))) = $0 { rating } else { nil }
    }
  }

  @Test func aTypedAnswerIsComparedWithTheCardsBackAndEnterTakesTheProposal() throws {
    var state = opened()
    #expect(!state.cards.awaitsTypedAnswer(in: state.app))
    command(.toggleTyping, &state)
    #expect(state.cards.preferences.typingBooks == [book.id])
    #expect(state.cards.awaitsTypedAnswer(in: state.app))
    // The term shows; its back is the meaning: one part of it is the whole answer.
    command(.checkTypedAnswer("to pat"), &state)
    let checked = try #require(state.cards.checkedAnswer)
    #expect(checked.wordID == Word.ID(1))
    #expect(checked.result.proposal == .good)
    #expect(state.app.face(of: Word.ID(1)) == .back)
    #expect(!state.cards.awaitsTypedAnswer(in: state.app))
    // Enter (flip) takes the proposal and moves on; the next card waits for its answer.
    #expect(command(.flip, &state) == [.good])
    #expect(state.cards.checkedAnswer == nil)
    #expect(state.cards.currentCard(in: state.app) == Word.ID(2))
    #expect(state.cards.awaitsTypedAnswer(in: state.app))
  }

  @Test func aRatingOverridesTheProposalAndReversedCardsAskForTheTerm() {
    var state = opened()
    command(.toggleTyping, &state)
    command(.toggleReverse, &state)
    // The meaning shows; the term is typed, one jamo wrong (ㅅ for ㅆ).
    command(.checkTypedAnswer("스다듬다"), &state)
    #expect(state.cards.checkedAnswer?.result.proposal == .hard)
    #expect(state.cards.checkedAnswer?.result.typedMarks.first?.kind == .wrong)
    #expect(command(.rate(.easy), &state) == [.easy])
  }

  @Test func typingIsKeptPerBookAndAnswersAreIgnoredWhenItIsOff() {
    var state = opened()
    command(.checkTypedAnswer("to pat"), &state)
    #expect(state.cards.checkedAnswer == nil)
    #expect(state.app.face(of: Word.ID(1)) == .front)
    command(.toggleTyping, &state)
    command(.checkTypedAnswer("wrong"), &state)
    #expect(state.cards.checkedAnswer?.result.proposal == .again)
    // Turning typing off forgets the comparison; Enter then only turns the card.
    command(.toggleTyping, &state)
    #expect(state.cards.checkedAnswer == nil)
    #expect(state.cards.preferences.typingBooks.isEmpty)
    #expect(command(.flip, &state).isEmpty)
    #expect(state.app.face(of: Word.ID(1)) == .front)
  }

  @Test func sayAsksForTheSideShownEachTime() {
    var state = opened()
    command(.say, &state)
    #expect(state.cards.speech == SpeechRequest(text: "쓰다듬다", side: .term, number: 1))
    command(.flip, &state)
    command(.say, &state)
    #expect(
      state.cards.speech == SpeechRequest(text: "to stroke; to pat", side: .meaning, number: 2))
    command(.say, &state)
    #expect(state.cards.speech?.number == 3)
  }

  @Test func eachNewCardsTermIsSaidWhenAsked() {
    var state = opened()
    command(.toggleSayingNewCards, &state)
    #expect(state.cards.preferences.saysNewCards)
    #expect(state.cards.speech == nil)
    command(.rate(.good), &state)
    #expect(state.cards.speech == SpeechRequest(text: "고양이", side: .term, number: 1))
    command(.toggleSayingNewCards, &state)
    command(.rate(.good), &state)
    #expect(state.cards.speech?.number == 1)
  }

  @Test func aSideIsSaidInKoreanForHangulElseInItsSetLanguage() {
    let languages = SpeechLanguages(term: "ja-JP", meaning: nil)
    #expect(SpokenText("쓰다듬다").language == "ko-KR")
    #expect(SpokenText("to stroke", setLanguage: "en-GB").language == "en-GB")
    #expect(SpokenText("to stroke").language == SpokenText.standardLanguage)
    #expect(languages.spoken(SpeechRequest(text: "ねこ", side: .term, number: 1)).language == "ja-JP")
    #expect(
      languages.spoken(SpeechRequest(text: "cat", side: .meaning, number: 1)).language == "en-US")
    #expect(
      languages.spoken(SpeechRequest(text: "고양이", side: .term, number: 1)).language == "ko-KR")
  }

  @Test(arguments: [
    ("ko-KR", true), ("en", true), ("zh-Hant-TW", true), ("es-419", true), ("", false),
    ("k", false), ("ko_KR", false), ("-v", false), ("ko-", false), ("ko KR", false),
    ("한국어", false), (String(repeating: "a-", count: 20) + "a", false),
  ])
  func languageTagsAreChecked(tag: String, isTag: Bool) {
    #expect(SpeechLanguages.isLanguageTag(tag) == isTag)
  }
}
