import Wordbook

/// The text of the study screen that only the terminal shows, in Korean.
extension KoreanCatalogue {
  var screenMessages: Messages {
    Messages(
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
      speakerMissing:
        "단어를 읽어 주려면 espeak-ng가 필요합니다. espeak-ng 패키지를 설치하세요 (sudo apt-get install espeak-ng).",
      describe: { $0.message(in: .korean) }
    )
  }
}
