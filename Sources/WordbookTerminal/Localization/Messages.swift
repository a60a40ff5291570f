import Wordbook

/// The text of the study screen in one language.
///
/// Counts and user text are passed in; everything the screen says itself lives here, so the
/// renderer never holds a literal sentence. Errors are worded by the domain
/// (`AppError.message(in:for:)`), as the `wordbook` subcommands' errors are.
public struct Messages: Sendable {
  /// The application's name, shown in the header.
  public var appName: String
  /// The label before the study mode in the header.
  public var modeLabel: String
  /// The names of the study modes: all, not yet known, failed only, due.
  public var modeNames: (all: String, excludeSuccess: String, failedOnly: String, due: String)
  /// The header's note in Due mode: how many words are due, how many new words are left
  /// today, and when the next word falls due (ISO 8601), if not now.
  public var dueCounts: @Sendable (Int, Int, String?) -> String
  /// The header's note in Due mode while the schedule is read.
  public var readingSchedule: String
  /// The header's note in Due mode when the schedule could not be read.
  public var scheduleFailed: String
  /// Shown while the wordbook list loads.
  public var loadingBooks: String
  /// Shown when the wordbook list could not load; the argument is the reason.
  public var booksFailed: @Sendable (String) -> String
  /// Shown when there is no wordbook at all.
  public var noBooks: String
  /// The picker's instructions.
  public var chooseBook: String
  /// A wordbook's word count in the picker.
  public var wordCount: @Sendable (Int) -> String
  /// Shown while the words of the chosen book load.
  public var loadingWords: String
  /// Shown when the chosen book holds no word.
  public var emptyBook: String
  /// Shown when the study mode hides every word.
  public var noWordsInMode: String
  /// Shown when no word matches the search.
  public var noSearchMatch: String
  /// Put before the text of a card that shows its back, and over the detail area that shows
  /// the whole back: the side is named in text, not only by colour.
  public var backLabel: String
  /// The header's note that cards show the meaning first.
  public var reversedLabel: String
  /// The header's label before the search query.
  public var searchLabel: String
  /// The labels of the counts line: card, success, fail, not studied.
  public var countLabels: (card: String, success: String, fail: String, notStudied: String)
  /// The status line's hint when nothing else is to be said.
  public var hint: String
  /// Shown while a new word is being saved.
  public var saving: String
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
  /// The prompt for the search.
  public var searchPrompt: String
  /// The prompt for a wordbook's new title.
  public var renamePrompt: String
  /// Asks whether to delete a word; the argument is its term.
  public var deleteWordQuestion: @Sendable (String) -> String
  /// Asks whether to delete a wordbook; the arguments are its title and word count.
  public var deleteBookQuestion: @Sendable (String, Int) -> String
  /// The help screen's title.
  public var helpTitle: String
  /// The language of the help screen's lines of keys, which `StudyKeyHelp` words for the
  /// study page too.
  public var language: Language
  /// The help screen's line about the keys in a field, after the study screen's keys.
  public var fieldKeys: (keys: String, action: String)
  /// Shown when the window is too small to draw the screen.
  public var windowTooSmall: String
  /// The sentence for an error from the store, as the domain words it in this language.
  public var describe: @Sendable (AppError) -> String

  /// The English messages.
  public static let english = Messages(
    appName: "Wordbook",
    modeLabel: "Mode",
    modeNames: (
      all: "all words", excludeSuccess: "not yet known", failedOnly: "failed only", due: "due"
    ),
    dueCounts: { due, new, next in
      "\(grouped(due)) due, \(grouped(new)) new" + (next.map { ", next \($0)" } ?? "")
    },
    readingSchedule: "reading the schedule…",
    scheduleFailed: "the schedule could not be read",
    loadingBooks: "Loading wordbooks…",
    booksFailed: { "Could not load the wordbooks: \($0) Press b to try again." },
    noBooks: "No wordbooks yet. Press n to create one.",
    chooseBook:
      "Choose a wordbook: ↑/↓ move, Enter open, n new, r rename, d delete, Esc back.",
    wordCount: { $0 == 1 ? "1 word" : "\(grouped($0)) words" },
    loadingWords: "Loading words…",
    emptyBook: "This wordbook has no words yet. Press a to add one.",
    noWordsInMode: "No word to show in this mode. Press m to change the mode.",
    noSearchMatch: "No word matches the search. Press Esc to clear it.",
    backLabel: "back: ",
    reversedLabel: "meaning first",
    searchLabel: "search: ",
    countLabels: (card: "Card", success: "Known", fail: "Not known", notStudied: "Not studied"),
    hint: "? help   q quit",
    saving: "Saving…",
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
    searchPrompt: "Search: ",
    renamePrompt: "Rename wordbook, title: ",
    deleteWordQuestion: { "Delete the word \"\($0)\"? y: delete   any other key: keep" },
    deleteBookQuestion: {
      "Delete the wordbook \"\($0)\" and its \($1 == 1 ? "1 word" : "\($1) words")? "
        + "y: delete   any other key: keep"
    },
    helpTitle: "Keys",
    language: .english,
    fieldKeys: ("in a field", "←/→ move, Ctrl-A/E ends, Ctrl-U clears, Esc cancels"),
    windowTooSmall: "Window too small",
    describe: { $0.message(in: .english) }
  )

  /// The Korean messages.
  public static let korean = Messages(
    appName: "단어장",
    modeLabel: "모드",
    modeNames: (all: "전체", excludeSuccess: "못 외운 단어", failedOnly: "틀린 단어만", due: "복습"),
    dueCounts: { due, new, next in
      "복습 \(grouped(due))개, 새 단어 \(grouped(new))개" + (next.map { ", 다음 \($0)" } ?? "")
    },
    readingSchedule: "일정을 읽는 중…",
    scheduleFailed: "일정을 읽지 못했습니다",
    loadingBooks: "단어장을 불러오는 중…",
    booksFailed: { "단어장을 불러오지 못했습니다: \($0) b를 눌러 다시 시도하세요." },
    noBooks: "단어장이 없습니다. n을 눌러 새로 만드세요.",
    chooseBook: "단어장 고르기: ↑/↓ 이동, Enter 열기, n 새로, r 이름 바꾸기, d 삭제, Esc 돌아가기",
    wordCount: { "단어 \(grouped($0))개" },
    loadingWords: "단어를 불러오는 중…",
    emptyBook: "이 단어장에는 단어가 없습니다. a를 눌러 추가하세요.",
    noWordsInMode: "이 모드에서 보여 줄 단어가 없습니다. m을 눌러 모드를 바꾸세요.",
    noSearchMatch: "검색에 맞는 단어가 없습니다. Esc를 눌러 검색을 지우세요.",
    backLabel: "뒷면: ",
    reversedLabel: "뜻 먼저",
    searchLabel: "검색: ",
    countLabels: (card: "카드", success: "외움", fail: "모름", notStudied: "안 봄"),
    hint: "? 도움말   q 종료",
    saving: "저장 중…",
    savingMarks: { "표시 \($0)개를 저장하는 중…" },
    marksNotSaved: { "표시 \($0)개가 저장되지 않았습니다. r 다시 시도   q 그냥 종료   Esc 돌아가기" },
    undid: { "되돌렸습니다: “\($0)”은(는) 다시 \(koreanName($1))." },
    redid: { "다시 했습니다: “\($0)”은(는) 다시 \(koreanName($1))." },
    errorPrefix: "오류: ",
    errorSuffix: " (Esc로 닫기)",
    termPrompt: "새 단어: ",
    meaningPrompt: "뜻: ",
    titlePrompt: "새 단어장 제목: ",
    editTermPrompt: "단어 고치기: ",
    editMeaningPrompt: "뜻 고치기: ",
    searchPrompt: "검색: ",
    renamePrompt: "단어장 새 제목: ",
    deleteWordQuestion: { "단어 \"\($0)\"를 삭제할까요? y 삭제   다른 키 취소" },
    deleteBookQuestion: { "단어장 \"\($0)\"와 단어 \($1)개를 삭제할까요? y 삭제   다른 키 취소" },
    helpTitle: "키",
    language: .korean,
    fieldKeys: ("입력 칸에서", "←/→ 이동, Ctrl-A/E 처음·끝, Ctrl-U 지우기, Esc 취소"),
    windowTooSmall: "창이 너무 작습니다",
    describe: { $0.message(in: .korean) }
  )

  /// A study state as the English notices name it.
  private static func englishName(_ state: StudyState) -> String {
    switch state {
    case .success: "known"
    case .fail: "not known"
    case .notStudied: "not studied"
    }
  }

  /// A study state as the Korean notices name it, with the counts line's words.
  private static func koreanName(_ state: StudyState) -> String {
    switch state {
    case .success: "외움"
    case .fail: "모름"
    case .notStudied: "안 봄"
    }
  }

  /// `count` with its digits grouped by three with commas, as both languages write them:
  /// "12,345".
  static func grouped(_ count: Int) -> String {
    let digits = Array(String(count.magnitude))
    var grouped = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0 && (digits.count - offset) % 3 == 0 { grouped.append(",") }
      grouped.append(digit)
    }
    return (count < 0 ? "-" : "") + grouped
  }
}
