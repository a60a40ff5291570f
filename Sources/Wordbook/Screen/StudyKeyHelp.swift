/// What a line of the study screen's key help says the keys do, worded in each ``Language``.
public enum StudyKeyHelp: Hashable, Sendable, CaseIterable {
  /// Turn the card over.
  case flip
  /// Knew it: rated good.
  case knewIt
  /// Did not know it: rated again.
  case didNotKnow
  /// Rate the card again, hard, good or easy.
  case rate
  /// Clear the mark.
  case resetMark
  /// Move between cards.
  case move
  /// Move by a page.
  case movePage
  /// Go to the first or the last card.
  case firstOrLast
  /// Edit or delete the card.
  case editOrDelete
  /// Search, or clear the search.
  case search
  /// Show the meaning first, or the term.
  case reverse
  /// Undo or redo a mark.
  case undoOrRedo
  /// Shuffle.
  case shuffle
  /// Change the study mode.
  case studyMode
  /// Pick a wordbook.
  case chooseBook
  /// Add a word.
  case addWord
  /// Show or hide the help.
  case help
  /// Quit.
  case quit

  /// The line's text in `language`.
  public func text(in language: Language) -> String {
    switch language {
    case .english: english
    case .korean: korean
    }
  }

  private var english: String {
    switch self {
    case .flip: "flip the card"
    case .knewIt: "knew it (rated good)"
    case .didNotKnow: "did not know it (rated again)"
    case .rate: "rate: again, hard, good, easy"
    case .resetMark: "reset the mark"
    case .move: "move between cards"
    case .movePage: "move by a page"
    case .firstOrLast: "go to the first or last card"
    case .editOrDelete: "edit / delete the card"
    case .search: "search / clear the search"
    case .reverse: "show the meaning first, or the term"
    case .undoOrRedo: "undo / redo"
    case .shuffle: "shuffle"
    case .studyMode: "switch the study mode"
    case .chooseBook: "pick a wordbook"
    case .addWord: "add a word"
    case .help: "show or hide this help"
    case .quit: "quit"
    }
  }

  private var korean: String {
    switch self {
    case .flip: "카드 뒤집기"
    case .knewIt: "알았음 (좋음으로 평가)"
    case .didNotKnow: "몰랐음 (다시로 평가)"
    case .rate: "평가: 다시, 어려움, 좋음, 쉬움"
    case .resetMark: "표시 지우기"
    case .move: "카드 이동"
    case .movePage: "한 쪽씩 이동"
    case .firstOrLast: "처음 / 마지막 카드로"
    case .editOrDelete: "카드 고치기 / 삭제"
    case .search: "검색 / 검색 지우기"
    case .reverse: "뜻 먼저 보기 / 단어 먼저 보기"
    case .undoOrRedo: "되돌리기 / 다시 하기"
    case .shuffle: "섞기"
    case .studyMode: "학습 모드 바꾸기"
    case .chooseBook: "단어장 고르기"
    case .addWord: "단어 추가"
    case .help: "도움말 보기/닫기"
    case .quit: "종료"
    }
  }
}
