import Wordbook

/// The text of the study screen that only the terminal shows, in one language.
///
/// Counts and user text are passed in, so the renderer never holds a literal sentence. What
/// the page shows too (the modes' and marks' names, the loading and empty states, the due
/// counts, the questions before a deletion) is the domain's `StudyScreenText`, in
/// ``language``; errors are worded by the domain (`AppError.message(in:for:)`), as the
/// `wordbook` subcommands' errors are.
public struct Messages: Sendable {
  /// The label before the study mode in the header.
  public var modeLabel: String
  /// Put after `StudyScreenText.booksFailed`: how to try again.
  public var retryBooks: String
  /// Put after `StudyScreenText.booksEmpty`: how to create a book.
  public var createBookHint: String
  /// The picker's instructions.
  public var chooseBook: String
  /// Shown when the chosen book holds no word.
  public var emptyBook: String
  /// Shown when the study mode hides every word.
  public var noWordsInMode: String
  /// Shown when no word matches the search.
  public var noSearchMatch: String
  /// Put before the text of a card that shows its back, and over the detail area that shows
  /// the whole back: the side is named in text, not only by colour.
  public var backLabel: String
  /// The counts line's label before the current card's place.
  public var cardLabel: String
  /// The status line's hint when nothing else is to be said.
  public var hint: String
  /// Shown after quitting while marks are still being saved; the argument is how many.
  public var savingMarks: @Sendable (Int) -> String
  /// Shown after quitting when the service failed to save marks; the argument is how many.
  public var marksNotSaved: @Sendable (Int) -> String
  /// Says what `u` did: the card's term, and the state the card has again.
  public var undid: @Sendable (String, StudyState) -> String
  /// Says what `r` did: the card's term, and the state the card has again.
  public var redid: @Sendable (String, StudyState) -> String
  /// Put before an error in the status line.
  public var errorPrefix: String
  /// Put after an error in the status line.
  public var errorSuffix: String
  /// The prompt for a new word's term.
  public var termPrompt: String
  /// The prompt for a new word's meaning.
  public var meaningPrompt: String
  /// The prompt for a new wordbook's title.
  public var titlePrompt: String
  /// The prompt for an edited word's term.
  public var editTermPrompt: String
  /// The prompt for an edited word's meaning.
  public var editMeaningPrompt: String
  /// The prompt for a wordbook's new title.
  public var renamePrompt: String
  /// Put after `StudyScreenText.deleteWordQuestion` and `deleteBookQuestion`: the keys that
  /// answer them.
  public var answerKeys: String
  /// The help screen's title.
  public var helpTitle: String
  /// The language of the texts the page shows too, `StudyKeyHelp`'s lines of keys and
  /// `StudyScreenText`.
  public var language: Language
  /// The help screen's line about the keys in a field, after the study screen's keys.
  public var fieldKeys: (keys: String, action: String)
  /// Shown when the window is too small to draw the screen.
  public var windowTooSmall: String
  /// The sentence for an error from the store, as the domain words it in this language.
  public var describe: @Sendable (AppError) -> String

  /// The English messages.
  public static let english = Messages(
    modeLabel: "Mode",
    retryBooks: "Press b to try again.",
    createBookHint: "Press n to create one.",
    chooseBook:
      "Choose a wordbook: ↑/↓ move, Enter open, n new, r rename, d delete, Esc back.",
    emptyBook: "This wordbook has no words yet. Press a to add one.",
    noWordsInMode: "No word to show in this mode. Press m to change the mode.",
    noSearchMatch: "No word matches the search. Press Esc to clear it.",
    backLabel: "back: ",
    cardLabel: "Card",
    hint: "? help   q quit",
    savingMarks: { $0 == 1 ? "Saving 1 mark…" : "Saving \($0) marks…" },
    marksNotSaved: {
      ($0 == 1 ? "1 mark is" : "\($0) marks are")
        + " not saved. r: try again   q: quit anyway   Esc: back"
    },
    undid: { "Undone: “\($0)” is \(englishName($1)) again." },
    redid: { "Redone: “\($0)” is \(englishName($1)) again." },
    errorPrefix: "Error: ",
    errorSuffix: " (Esc to dismiss)",
    termPrompt: "New word, term: ",
    meaningPrompt: "New word, meaning: ",
    titlePrompt: "New wordbook, title: ",
    editTermPrompt: "Edit word, term: ",
    editMeaningPrompt: "Edit word, meaning: ",
    renamePrompt: "Rename wordbook, title: ",
    answerKeys: "y: delete   any other key: keep",
    helpTitle: "Keys",
    language: .english,
    fieldKeys: ("in a field", "←/→ move, Ctrl-A/E ends, Ctrl-U clears, Esc cancels"),
    windowTooSmall: "Window too small",
    describe: { $0.message(in: .english) }
  )

  /// The Korean messages.
  public static let korean = Messages(
    modeLabel: "모드",
    retryBooks: "b를 눌러 다시 시도하세요.",
    createBookHint: "n을 눌러 새로 만드세요.",
    chooseBook: "단어장 고르기: ↑/↓ 이동, Enter 열기, n 새로, r 이름 바꾸기, d 삭제, Esc 돌아가기",
    emptyBook: "이 단어장에는 단어가 없습니다. a를 눌러 추가하세요.",
    noWordsInMode: "이 모드에서 보여 줄 단어가 없습니다. m을 눌러 모드를 바꾸세요.",
    noSearchMatch: "검색에 맞는 단어가 없습니다. Esc를 눌러 검색을 지우세요.",
    backLabel: "뒷면: ",
    cardLabel: "카드",
    hint: "? 도움말   q 종료",
    savingMarks: { "표시 \($0)개를 저장하는 중…" },
    marksNotSaved: { "표시 \($0)개가 저장되지 않았습니다. r 다시 시도   q 그냥 종료   Esc 돌아가기" },
    undid: { "되돌렸습니다: “\($0)”은(는) 다시 \(StudyScreenText.name(of: $1).text(in: .korean))." },
    redid: { "다시 했습니다: “\($0)”은(는) 다시 \(StudyScreenText.name(of: $1).text(in: .korean))." },
    errorPrefix: "오류: ",
    errorSuffix: " (Esc로 닫기)",
    termPrompt: "새 단어: ",
    meaningPrompt: "뜻: ",
    titlePrompt: "새 단어장 제목: ",
    editTermPrompt: "단어 고치기: ",
    editMeaningPrompt: "뜻 고치기: ",
    renamePrompt: "단어장 새 제목: ",
    answerKeys: "y 삭제   다른 키 취소",
    helpTitle: "키",
    language: .korean,
    fieldKeys: ("입력 칸에서", "←/→ 이동, Ctrl-A/E 처음·끝, Ctrl-U 지우기, Esc 취소"),
    windowTooSmall: "창이 너무 작습니다",
    describe: { $0.message(in: .korean) }
  )

  /// A text of the study screen that the page shows too, in this language, with its values
  /// filled in.
  func text(_ text: StudyScreenText, _ values: [String: String] = [:]) -> String {
    text.text(in: language, values)
  }

  /// A count of words: "1 word", "12,345 words".
  func wordCount(_ count: Int) -> String {
    count == 1 ? text(.oneWord) : text(.words, ["count": Self.grouped(count)])
  }

  /// A study state as the English notices name it.
  private static func englishName(_ state: StudyState) -> String {
    switch state {
    case .success: "known"
    case .fail: "not known"
    case .notStudied: "not studied"
    }
  }

  /// `count` with its digits grouped by three with commas, as both languages write them:
  /// "12,345": the counts the study screen shows.
  public static func grouped(_ count: Int) -> String {
    let digits = Array(String(count.magnitude))
    var grouped = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0 && (digits.count - offset) % 3 == 0 { grouped.append(",") }
      grouped.append(digit)
    }
    return (count < 0 ? "-" : "") + grouped
  }
}
