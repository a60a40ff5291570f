/// The study screen's texts and its key help in Korean: what every front end shows, worded once.
extension KoreanCatalogue {
  func template(_ text: StudyScreenText) -> String {
    switch text {
    case .appName: "단어장"
    case .modeAll: "모든 단어"
    case .modeExcludeSuccess: "아직 모르는 단어"
    case .modeFailedOnly: "틀린 단어만"
    case .modeDue: "복습할 단어"
    case .known: "외움"
    case .notKnown: "모름"
    case .notStudied: "안 봄"
    case .roundCounts: "새 단어 {new} · 학습 중 {learning} · 복습 {due}"
    case .roundLeft: "{count}장 남음"
    case .dueNext: ", 다음 {when}"
    case .roundOver: "이번 회차 끝"
    case .roundSummary: "외움 {known} · 모름 {notKnown}"
    case .restudyMissed: "모른 단어만 다시 공부하기"
    case .restudyRound: "모두 다시 공부하기"
    case .dueReading: "일정을 읽는 중…"
    case .dueFailed: "일정을 읽지 못했습니다."
    case .booksLoading: "단어장을 불러오는 중…"
    case .booksEmpty: "아직 단어장이 없습니다."
    case .booksFailed: "단어장을 불러오지 못했습니다: {reason}"
    case .wordsLoading: "단어를 불러오는 중…"
    case .oneWord: "단어 1개"
    case .words: "단어 {count}개"
    case .meaningFirst: "뜻 먼저"
    case .search: "찾기"
    case .saving: "저장하는 중…"
    case .deleteWordQuestion: "단어장에서 “{term}”을(를) 지울까요?"
    case .deletionIsFinal: "되돌리기로 되살릴 수 없습니다."
    case .deleteBookQuestion: "단어장 {id} (“{title}”)과 {words}를 지울까요?"
    }
  }

  func text(_ line: StudyKeyHelp) -> String {
    switch line {
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
    case .restudy: "틀린 카드만 / 전체 다시 공부"
    case .studyMode: "학습 모드 바꾸기"
    case .chooseBook: "단어장 고르기"
    case .addWord: "단어 추가"
    case .help: "도움말 보기/닫기"
    case .quit: "종료"
    }
  }
}
