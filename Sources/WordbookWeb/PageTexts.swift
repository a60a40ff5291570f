import Wordbook

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Every text the study page shows, in one language; the server puts them in the page as JSON,
/// and the page's script only fills in the values.
///
/// A text with values names each in braces (`{count}`), and the page replaces them with the
/// values it formats in the page's language (numbers grouped, dates as the locale writes them).
/// Each language is one value of this type, so a text missing in one language does not
/// compile. Errors of the store are worded by the domain (`AppError.message(in:for:)`).
struct PageTexts: Codable, Sendable {
  var title, books, dismiss, shuffle, mode: String
  var modeAll, modeExcludeSuccess, modeFailedOnly, modeDue, hard, easy: String
  /// The due mode's counts: `{due}`, `{new}`.
  var dueCounts: String
  /// Put after ``dueCounts`` when a word falls due later: `{when}`.
  var dueNext: String
  var dueFailed, dueReading: String
  var undo, redo, previous, next, addWord, term, meaning, save, saving: String
  var search, searchPlaceholder, reverse, edit, delete, cancel, editWord, deleteWord: String
  /// The edit and delete buttons' labels, and the question before a deletion: `{term}`.
  var editLabel, deleteLabel, deleteQuestion: String
  /// How far loading the books and the words got; `booksFailed` and `cardsFailed` name the
  /// reason: `{reason}`.
  var booksLoading, booksEmpty, booksFailed, cardsLoading, cardsFailed, cardsEmpty: String
  /// The counts line: `{success}`, `{fail}`, `{notStudied}`.
  var tally: String
  /// Put after ``tally`` while marks are being saved: `{count}`.
  var unsaved: String
  /// The cards shown of all: `{from}`, `{to}`, `{count}`.
  var position: String
  /// `{name}`.
  var signedInAs: String
  var signOut, connecting, disconnected, eventsRefused, unreachable, sessionEnded: String
  var forbidden: String
  /// A refusal with no sentence of its own: `{status}`, the HTTP status.
  var refused: String
  var viewCards, viewList, views, stats, showChart, knew, didNotKnow, roundProgress: String
  /// The focused card's place: `{n}`, `{count}`.
  var focusPosition: String
  var focusCard, focusHint, hintDismiss, roundDone: String
  /// A round's summary: `{success}`, `{fail}`.
  var roundSummary: String
  var restudy, studyAgain: String
  /// The open book's button: `{title}`.
  var openBook: String
  var changeBook, newBook, newBookTitle, create, renameBook, renameTitle, rename: String
  var deleteBook, deleteBookTitle: String
  /// The question before a book is deleted: `{id}`, `{title}` and `{words}`, one of
  /// ``oneWord`` or ``words``.
  var deleteBookQuestion: String
  /// A count of one word.
  var oneWord: String
  /// A count of words other than one: `{count}`.
  var words: String
  var first, last, jump, jumpLabel, keys: String

  /// The texts in `language`.
  static func of(_ language: Language) -> PageTexts {
    switch language {
    case .english: english
    case .korean: korean
    }
  }

  /// The texts as the page reads them: a JSON object that can stand inside a `<script>`
  /// element (no `<` in it, so no `</script>` either).
  var json: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self).replacing("<", with: "\\u003c")
  }

  static let english = PageTexts(
    title: shared(.appName, .english), books: "Wordbooks", dismiss: "Dismiss", shuffle: "Shuffle",
    mode: "Show",
    modeAll: shared(.modeAll, .english), modeExcludeSuccess: shared(.modeExcludeSuccess, .english),
    modeFailedOnly: shared(.modeFailedOnly, .english), modeDue: shared(.modeDue, .english),
    hard: "Hard", easy: "Easy",
    dueCounts: shared(.dueCounts, .english), dueNext: shared(.dueNext, .english),
    dueFailed: shared(.dueFailed, .english), dueReading: shared(.dueReading, .english),
    undo: "Undo", redo: "Redo", previous: "Previous", next: "Next", addWord: "Add a word",
    term: "Term", meaning: "Meaning", save: "Save", saving: shared(.saving, .english),
    search: shared(.search, .english), searchPlaceholder: "Search terms and meanings",
    reverse: shared(.meaningFirst, .english), edit: "Edit", delete: "Delete", cancel: "Cancel",
    editWord: "Edit the word", deleteWord: "Delete the word",
    editLabel: "Edit “{term}”", deleteLabel: "Delete “{term}”",
    deleteQuestion: shared(.deleteWordQuestion, .english) + " "
      + shared(.deletionIsFinal, .english),
    booksLoading: shared(.booksLoading, .english), booksEmpty: shared(.booksEmpty, .english),
    booksFailed: shared(.booksFailed, .english), cardsLoading: shared(.wordsLoading, .english),
    cardsFailed: "The words could not be loaded: {reason}", cardsEmpty: "No words to show here.",
    tally: tally(in: .english),
    unsaved: " · {count} not saved yet", position: "{from}–{to} of {count}",
    signedInAs: "Signed in as {name}", signOut: "Sign out",
    connecting: "Connecting…", disconnected: "Connection lost; reconnecting…",
    eventsRefused:
      "The server did not open this page: too many pages are open, or it is stopping. "
      + "Close another page, then reload this one.",
    unreachable:
      "The server could not be reached. Check that “wordbook serve” is still running, "
      + "then try again.",
    sessionEnded: "This page’s session has ended. Reload the page.",
    forbidden: "The server refused the request. Open the address “wordbook serve” printed.",
    refused: "The server refused the request (HTTP {status}). Reload the page.",
    viewCards: "Cards", viewList: "List", views: "View",
    stats: "Reviews", showChart: "Show the review chart",
    knew: "Knew it", didNotKnow: "Didn’t know", roundProgress: "Round progress",
    focusPosition: "Card {n} of {count}",
    focusCard: "Card: tap or press Space to turn it",
    focusHint: "Tap the card to turn it. Swipe it right if you knew it, left if you did not.",
    hintDismiss: "Got it", roundDone: "Round done",
    roundSummary: roundSummary(in: .english),
    restudy: "Study the ones I missed", studyAgain: "Study all again",
    openBook: "Wordbook: {title}", changeBook: "Change",
    newBook: "New wordbook", newBookTitle: "Title of the new wordbook", create: "Create",
    renameBook: "Rename this wordbook", renameTitle: "New title", rename: "Rename",
    deleteBook: "Delete this wordbook", deleteBookTitle: "Delete the wordbook",
    deleteBookQuestion: shared(.deleteBookQuestion, .english),
    oneWord: shared(.oneWord, .english), words: shared(.words, .english),
    first: "First", last: "Last", jump: "Go", jumpLabel: "Go to card number",
    keys: PageKeys.help(in: .english, title: "Keys", swipe: "Swipe a card right or left."))

  static let korean = PageTexts(
    title: shared(.appName, .korean), books: "단어장 목록", dismiss: "닫기", shuffle: "섞기", mode: "보기",
    modeAll: shared(.modeAll, .korean), modeExcludeSuccess: shared(.modeExcludeSuccess, .korean),
    modeFailedOnly: shared(.modeFailedOnly, .korean), modeDue: shared(.modeDue, .korean),
    hard: "어려워요", easy: "쉬워요",
    dueCounts: shared(.dueCounts, .korean), dueNext: shared(.dueNext, .korean),
    dueFailed: shared(.dueFailed, .korean), dueReading: shared(.dueReading, .korean),
    undo: "되돌리기", redo: "다시 하기", previous: "이전", next: "다음", addWord: "단어 추가",
    term: "단어", meaning: "뜻", save: "저장", saving: shared(.saving, .korean),
    search: shared(.search, .korean), searchPlaceholder: "단어나 뜻으로 찾기",
    reverse: shared(.meaningFirst, .korean), edit: "고치기", delete: "지우기", cancel: "취소",
    editWord: "단어 고치기", deleteWord: "단어 지우기",
    editLabel: "“{term}” 고치기", deleteLabel: "“{term}” 지우기",
    deleteQuestion: shared(.deleteWordQuestion, .korean) + " " + shared(.deletionIsFinal, .korean),
    booksLoading: shared(.booksLoading, .korean), booksEmpty: shared(.booksEmpty, .korean),
    booksFailed: shared(.booksFailed, .korean), cardsLoading: shared(.wordsLoading, .korean),
    cardsFailed: "단어를 불러오지 못했습니다: {reason}", cardsEmpty: "보여 줄 단어가 없습니다.",
    tally: tally(in: .korean),
    unsaved: " · 저장 안 됨 {count}", position: "{count}개 중 {from}–{to}",
    signedInAs: "{name}(으)로 로그인함", signOut: "로그아웃",
    connecting: "연결하는 중…", disconnected: "연결이 끊겼습니다. 다시 연결하는 중…",
    eventsRefused:
      "서버가 이 페이지를 열지 않았습니다. 열린 페이지가 너무 많거나 서버가 멈추는 중입니다. "
      + "다른 페이지를 닫은 뒤 이 페이지를 새로 고치세요.",
    unreachable: "서버에 연결할 수 없습니다. “wordbook serve”가 실행 중인지 확인한 뒤 다시 시도하세요.",
    sessionEnded: "이 페이지의 세션이 끝났습니다. 페이지를 새로 고치세요.",
    forbidden: "서버가 요청을 거절했습니다. “wordbook serve”가 출력한 주소를 여세요.",
    refused: "서버가 요청을 거절했습니다 (HTTP {status}). 페이지를 새로 고치세요.",
    viewCards: "카드", viewList: "목록", views: "보기 방식",
    stats: "복습", showChart: "복습 차트 보기",
    knew: "알아요", didNotKnow: "몰라요", roundProgress: "이번 회차 진행",
    focusPosition: "{count}장 중 {n}번째",
    focusCard: "카드: 누르거나 Space를 눌러 뒤집기",
    focusHint: "카드를 누르면 뒤집힙니다. 알면 오른쪽으로, 모르면 왼쪽으로 미세요.",
    hintDismiss: "알겠어요", roundDone: "이번 회차 끝",
    roundSummary: roundSummary(in: .korean),
    restudy: "모른 단어만 다시 공부하기", studyAgain: "모두 다시 공부하기",
    openBook: "단어장: {title}", changeBook: "바꾸기",
    newBook: "새 단어장", newBookTitle: "새 단어장 제목", create: "만들기",
    renameBook: "이 단어장 이름 바꾸기", renameTitle: "새 제목", rename: "이름 바꾸기",
    deleteBook: "이 단어장 지우기", deleteBookTitle: "단어장 지우기",
    deleteBookQuestion: shared(.deleteBookQuestion, .korean),
    oneWord: shared(.oneWord, .korean), words: shared(.words, .korean),
    first: "처음", last: "마지막", jump: "이동", jumpLabel: "카드 번호로 이동",
    keys: PageKeys.help(in: .korean, title: "키", swipe: "카드를 오른쪽이나 왼쪽으로 밀어도 됩니다."))

  /// A text the terminal shows too, as it is written: the page fills in its values.
  private static func shared(_ text: StudyScreenText, _ language: Language) -> String {
    text.template(in: language)
  }

  /// The counts line, with the study states named as every front end names them.
  private static func tally(in language: Language) -> String {
    "\(shared(.known, language)) {success} · \(shared(.notKnown, language)) {fail} · "
      + "\(shared(.notStudied, language)) {notStudied}"
  }

  /// A round's summary, with the study states named as every front end names them.
  private static func roundSummary(in language: Language) -> String {
    "\(shared(.known, language)) {success} · \(shared(.notKnown, language)) {fail}"
  }
}
