import Testing
import Wordbook

@testable import WordbookTerminal

@Suite struct StudyScreenRendererTests {
  private let size = TerminalSize(columns: 60, rows: 12)
  private let plain = StudyScreenRenderer(messages: .english, color: false)

  private func screen(
    _ state: AppState, _ screen: StudyScreenState = StudyScreenState(),
    renderer: StudyScreenRenderer? = nil, size: TerminalSize? = nil
  ) -> String {
    let size = size ?? self.size
    let lines = (renderer ?? plain).render(state, screen: screen, size: size)
    for line in lines { #expect(Self.visible(line).terminalColumns <= size.columns) }
    return lines.joined(separator: "\n")
  }

  /// The state of a picker over `books`, none of them open.
  private static func picking(_ books: [WordBook]) -> AppState {
    var builder = StateBuilder()
    builder.apply(.books(.view(.loadBooks)), .books(.booksLoaded(.success(books))))
    return builder.state
  }

  /// The text a terminal shows for `line`: without its style sequences.
  private static func visible(_ line: String) -> String {
    line.replacing(/\x1B\[[0-9;]*m/, with: "")
  }

  @Test func pickerWhileLoading() {
    var builder = StateBuilder()
    builder.apply(.books(.view(.loadBooks)))
    assertScreenSnapshot(screen(builder.state), named: "loading")
  }

  @Test func pickerWhenLoadingFailed() {
    var builder = StateBuilder()
    builder.apply(
      .books(.view(.loadBooks)),
      .books(.booksLoaded(.failure(WordServiceError(.unavailable, "The database is locked.")))))
    assertScreenSnapshot(screen(builder.state), named: "failed")
  }

  @Test func pickerWithNoBook() {
    var builder = StateBuilder()
    builder.apply(.books(.view(.loadBooks)), .books(.booksLoaded(.success([]))))
    assertScreenSnapshot(screen(builder.state), named: "empty")
  }

  @Test func pickerToChooseOne() {
    let state = Self.picking([
      WordBook(id: WordBook.ID(1), title: "Korean basics", wordCount: 12),
      WordBook(id: WordBook.ID(12), title: "日本語の動詞", wordCount: 1),
    ])
    var view = StudyScreenState()
    view.pickerCursor = 1
    assertScreenSnapshot(screen(state, view), named: "choose")
  }

  @Test func wordListWithMarksFacesAndCursor() {
    var builder = StateBuilder.open()
    builder.apply(
      .study(.view(.markSuccess(Word.ID(1)))), .study(.view(.markFail(Word.ID(2)))),
      .study(.view(.flip(Word.ID(4)))))
    assertScreenSnapshot(screen(builder.state, StudyScreenState(cursor: 3)), named: "words")
  }

  @Test func cardsWithAPictureAreMarked() throws {
    let words = [
      Word(id: Word.ID(1), term: "고양이", meaning: "cat", imageReference: "0a1b2c3d4e5f6a7b.png"),
      Word(id: Word.ID(2), term: "사랑", meaning: "love"),
    ]
    let lines = plain.render(
      StateBuilder.open(words: words).state, screen: StudyScreenState(), size: size)
    let picture = try #require(lines.first { $0.contains("고양이") })
    let plainCard = try #require(lines.first { $0.contains("사랑") })
    #expect(picture.contains(StudyScreenRenderer.pictureMarker))
    #expect(!plainCard.contains(StudyScreenRenderer.pictureMarker))
    #expect(picture.terminalColumns == plainCard.terminalColumns)
  }

  @Test func successIsGreenAndFailYellow() {
    var builder = StateBuilder.open()
    builder.apply(.study(.view(.markSuccess(Word.ID(1)))), .study(.view(.markFail(Word.ID(2)))))
    let colored = StudyScreenRenderer(messages: .english, color: true)
    let lines = colored.render(builder.state, screen: StudyScreenState(cursor: 2), size: size)
    #expect(lines[2].contains("\u{1B}[32m안녕하세요"))
    #expect(lines[3].contains("\u{1B}[33m감사합니다"))
    #expect(lines[4].contains("\u{1B}[7m사랑"))
    #expect(lines[10].contains("\u{1B}[32mKnown 1\u{1B}[0m"))
    #expect(lines[10].contains("\u{1B}[33mNot known 1\u{1B}[0m"))
  }

  @Test func helpOverlay() {
    assertScreenSnapshot(
      screen(StateBuilder.open().state, StudyScreenState(overlay: .help)), named: "help")
  }

  @Test(arguments: [Messages.english, .korean])
  func theHelpOfAFullWindowListsEveryKeyAndThoseOfTheTextFields(messages: Messages) {
    let help = screen(
      StateBuilder.open().state, StudyScreenState(overlay: .help),
      renderer: StudyScreenRenderer(messages: messages, color: false),
      size: TerminalSize(columns: 100, rows: 30))
    for row in StudyKeyMap.rows {
      let text = row.help.text(in: messages.language)
      #expect(help.contains(row.keys) && help.contains(text), "\(row.keys)")
    }
    #expect(help.contains(messages.fieldKeys.keys) && help.contains("Ctrl-U"))
  }

  @Test func meaningPromptAndErrorLine() {
    var builder = StateBuilder.open()
    let prompt = StudyScreenState(prompt: .meaning(term: "가다", text: "to g"))
    assertScreenSnapshot(screen(builder.state, prompt), named: "prompt")
    builder.apply(.study(.view(.undo)))
    assertScreenSnapshot(screen(builder.state), named: "error")
  }

  @Test func koreanMessagesKeepWideColumnsAligned() {
    var builder = StateBuilder.open()
    builder.apply(.study(.view(.markSuccess(Word.ID(3)))), .study(.view(.toggleStudyMode)))
    let korean = StudyScreenRenderer(messages: .korean, color: false)
    assertScreenSnapshot(screen(builder.state, renderer: korean), named: "korean")
  }

  @Test func serviceErrorsAreInTheScreensLanguage() {
    let korean = StudyScreenRenderer(messages: .korean, color: false)
    var failed = StateBuilder()
    failed.apply(
      .books(.view(.loadBooks)),
      .books(
        .booksLoaded(
          .failure(.storage(.unavailable, .busy, during: .loadBooks, path: "/tmp/w.sqlite")))))
    let picker = screen(failed.state, renderer: korean, size: TerminalSize(columns: 200, rows: 12))
    #expect(picker.contains("단어장 목록을 불러올 수 없습니다: 다른 프로그램이 단어장 데이터베이스"))
    #expect(!picker.contains("Could not"))

    var taken = StateBuilder.open()
    let book = WordBook(id: WordBook.ID(7), title: "TOEIC 800")
    taken.apply(.books(.bookCreated(.failure(.titleTaken(by: book)))))
    let status = screen(taken.state, renderer: korean, size: TerminalSize(columns: 200, rows: 12))
    #expect(status.contains("오류: 단어장 \"TOEIC 800\"(ID 7)이 이미 그 제목을 씁니다."))
  }

  @Test func userTextCannotControlTheTerminal() {
    let hostile = [
      Word(id: Word.ID(1), term: "\u{1B}]0;pwned\u{7}\u{1B}[2J", meaning: "\u{9B}31m"),
      Word(id: Word.ID(2), term: "line\nbreak\u{202E}", meaning: "ok"),
    ]
    var builder = StateBuilder.open(
      [WordBook(id: WordBook.ID(1), title: "\u{1B}[31mred", wordCount: 2)], words: hostile)
    builder.apply(.study(.view(.flip(Word.ID(1)))))
    let colored = StudyScreenRenderer(messages: .english, color: true)
    let text = screen(builder.state, renderer: colored)
    let withoutStyles = Self.visible(text)
    #expect(text != withoutStyles)
    #expect(!withoutStyles.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    #expect(!text.unicodeScalars.contains { (0x80..<0xA0).contains($0.value) || $0.value == 0x07 })
    assertScreenSnapshot(screen(builder.state), named: "escaped")
  }

  @Test func longListsScrollToKeepTheCursorInView() {
    let words = (1...40).map { Word(id: Word.ID(Int64($0)), term: "word \($0)", meaning: "\($0)") }
    let builder = StateBuilder.open(
      [WordBook(id: WordBook.ID(1), title: "Long", wordCount: 40)], words: words)
    assertScreenSnapshot(screen(builder.state, StudyScreenState(cursor: 25)), named: "scrolled")
    assertScreenSnapshot(screen(builder.state, StudyScreenState(cursor: 39)), named: "scrolled-end")
  }

  @Test func tinyWindowSaysSo() {
    let text = screen(StateBuilder.open().state, size: TerminalSize(columns: 10, rows: 3))
    #expect(text == "Window to…")
  }

  @Test func aFlippedCardIsNamedAndItsWholeBackIsWrappedBelow() {
    let long = Word(
      id: Word.ID(1), term: "사과",
      meaning: "첫 줄은 아주 긴 한국어 설명입니다 그래서 접힙니다\nsecond line\u{1B}[31m")
    var builder = StateBuilder.open(words: [long] + StateBuilder.sampleWords.dropFirst())
    builder.apply(.study(.view(.flip(long.id))))
    let text = screen(builder.state, size: TerminalSize(columns: 30, rows: 14))
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.contains { $0.hasPrefix("› 1  back: 첫 줄은") })
    let detail = Array(lines.drop { $0 != "back: " }.dropFirst().prefix(3))
    // Korean syllables take two columns: 26 columns hold 13 of them with the spaces.
    #expect(detail == ["  첫 줄은 아주 긴 한국어", "  설명입니다 그래서 접힙니다", "  second line^[[31m"])
    #expect(lines.allSatisfy { $0.terminalColumns <= 30 })
  }

  @Test func theReverseWayShowsTheMeaningFirstAndSaysSo() {
    var builder = StateBuilder.open()
    builder.apply(.study(.view(.toggleReverse)))
    let text = screen(builder.state)
    #expect(text.contains("Meaning first"))
    #expect(text.contains("› 1  hello"))
    builder.apply(.study(.view(.flip(Word.ID(1)))))
    #expect(screen(builder.state).contains("back: 안녕하세요"))
  }

  @Test func aSearchThatMatchesNothingSaysHowToClearIt() {
    var builder = StateBuilder.open()
    builder.apply(.study(.view(.setSearchQuery("zzz"))))
    let text = screen(builder.state)
    #expect(text.contains("Search: zzz"))
    #expect(text.contains("No word matches the search. Press Esc to clear it."))
  }

  @Test func aRefusedTermShowsAboveItsPromptAtOnce() {
    var builder = StateBuilder.open()
    builder.apply(.study(.view(.saveWord(term: " ", meaning: ""))))
    let lines = screen(builder.state, StudyScreenState(prompt: .term(" ")))
      .split(separator: "\n").map(String.init)
    #expect(lines.last == "New word, term:  _")
    #expect(lines.dropLast().last?.hasPrefix("Error: ") == true)
    #expect(lines.dropLast().last?.contains("term") == true)
  }

  @Test func thePromptShowsItsCursorAndKeepsItInView() {
    var prompt = StudyScreenState(prompt: .search("가나다"))
    prompt.promptCursorFromEnd = 1
    let state = StateBuilder.open().state
    #expect(screen(state, prompt).hasSuffix("Search: 가나▏다"))
    let colored = StudyScreenRenderer(messages: .english, color: true)
    #expect(screen(state, prompt, renderer: colored).contains("가나\u{1B}[7m다\u{1B}[0m"))
    let long = StudyScreenState(prompt: .search(String(repeating: "x", count: 80) + "end"))
    #expect(screen(state, long).hasSuffix("Search: …" + String(repeating: "x", count: 46) + "end_"))
  }

  @Test func undoAndRedoSayWhatTheyDidAndNothingToUndoIsNoError() {
    var builder = StateBuilder.open()
    builder.apply(.study(.view(.markSuccess(Word.ID(3)))), .study(.view(.undo)))
    var notice = StudyScreenState()
    notice.cards.notice = .undid(StudyStateChange(wordID: Word.ID(3), state: .notStudied))
    #expect(screen(builder.state, notice).hasSuffix("Undone: “사랑” is not studied again."))
    notice.cards.notice = .nothingToRedo
    #expect(screen(builder.state, notice).hasSuffix("\nThere is nothing to redo."))
    let korean = StudyScreenRenderer(messages: .korean, color: false)
    notice.cards.notice = .redid(StudyStateChange(wordID: Word.ID(3), state: .success))
    #expect(
      screen(builder.state, notice, renderer: korean).hasSuffix("다시 했습니다: “사랑”은(는) 다시 외움."))
  }

  @Test func aMeaningOfSeveralLinesKeepsThemInThePanelAndJoinsThemInItsRow() {
    let words = [Word(id: Word.ID(1), term: "먹다", meaning: "• to eat\n• to drink\n1. to take")]
    var builder = StateBuilder.open(words: words)
    builder.apply(.study(.view(.flip(Word.ID(1)))))
    let shown = screen(builder.state)
    #expect(shown.contains("back: • to eat / • to drink / 1. to take"))
    #expect(!shown.contains("^J"))
    #expect(shown.contains("\n  • to eat\n  • to drink\n"))
    #expect(shown.contains("\n  1. to take"))
  }

  @Test func thePickersWordCountsAreGroupedAndRightAlignedInAColumn() {
    let state = Self.picking([
      WordBook(id: WordBook.ID(1), title: "Korean basics", wordCount: 12),
      WordBook(id: WordBook.ID(2), title: "TOEIC", wordCount: 1_234_567),
      WordBook(id: WordBook.ID(3), title: "동사", wordCount: 1),
    ])
    let rows = screen(state).split(separator: "\n").map(String.init).filter {
      $0.contains("#")
    }
    #expect(rows.count == 3)
    #expect(rows[1].hasSuffix("  TOEIC          1,234,567 words"))
    let ends = rows.map { $0.trimmingWhitespace().terminalColumns + ($0.hasPrefix("›") ? 0 : 2) }
    #expect(Set(ends).count == 1, "\(rows)")
    let korean = StudyScreenRenderer(messages: .korean, color: false)
    #expect(screen(state, renderer: korean).contains("단어 1,234,567개"))
  }
}
