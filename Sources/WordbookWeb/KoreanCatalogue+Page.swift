import Wordbook

/// The study page's texts, the sign-in page's and the server's refusals in Korean.
extension KoreanCatalogue: PageCatalogue {
  var pageTexts: PageTexts {
    PageTexts(
      title: PageTexts.shared(.appName, .korean), books: "단어장 목록", dismiss: "닫기", shuffle: "섞기",
      mode: "보기",
      modeAll: PageTexts.shared(.modeAll, .korean),
      modeExcludeSuccess: PageTexts.shared(.modeExcludeSuccess, .korean),
      modeFailedOnly: PageTexts.shared(.modeFailedOnly, .korean),
      modeDue: PageTexts.shared(.modeDue, .korean),
      hard: "어려워요", easy: "쉬워요",
      roundCounts: PageTexts.shared(.roundCounts, .korean),
      roundLeft: PageTexts.shared(.roundLeft, .korean),
      dueNext: PageTexts.shared(.dueNext, .korean),
      dueFailed: PageTexts.shared(.dueFailed, .korean),
      dueReading: PageTexts.shared(.dueReading, .korean),
      undo: "되돌리기", redo: "다시 하기", previous: "이전", next: "다음", addWord: "단어 추가",
      term: "단어", meaning: "뜻", save: "저장", saving: PageTexts.shared(.saving, .korean),
      search: PageTexts.shared(.search, .korean), searchPlaceholder: "단어나 뜻으로 찾기",
      reverse: PageTexts.shared(.meaningFirst, .korean), edit: "고치기", delete: "지우기", cancel: "취소",
      editWord: "단어 고치기", deleteWord: "단어 지우기",
      editLabel: "“{term}” 고치기", deleteLabel: "“{term}” 지우기",
      deleteQuestion: PageTexts.shared(.deleteWordQuestion, .korean) + " "
        + PageTexts.shared(.deletionIsFinal, .korean),
      booksLoading: PageTexts.shared(.booksLoading, .korean),
      booksEmpty: PageTexts.shared(.booksEmpty, .korean),
      booksFailed: PageTexts.shared(.booksFailed, .korean),
      cardsLoading: PageTexts.shared(.wordsLoading, .korean),
      cardsFailed: "단어를 불러오지 못했습니다: {reason}", cardsEmpty: "보여 줄 단어가 없습니다.",
      tally: PageTexts.tally(in: .korean),
      unsaved: " · 저장 안 됨 {count}", position: "{count}개 중 {from}–{to}",
      signedInAs: "{name}(으)로 로그인함", signOut: "로그아웃",
      connecting: "연결하는 중…", disconnected: "연결이 끊겼습니다. 다시 연결하는 중…",
      eventsRefused:
        "서버가 이 페이지를 열지 않았습니다. 열린 페이지가 너무 많거나 서버가 멈추는 중입니다. "
        + "다른 페이지를 닫은 뒤 이 페이지를 새로 고치세요.",
      unreachable: "서버에 연결할 수 없습니다. “wordbook serve”가 실행 중인지 확인한 뒤 다시 시도하세요.",
      sessionEnded: sentence(.sessionEnded),
      offline: "오프라인: 서버에 마지막으로 연결됐을 때의 카드입니다. 다시 연결하는 중…",
      ratingWaiting: "보낼 평가 1개가 기다리고 있습니다",
      ratingsWaiting: "보낼 평가 {count}개가 기다리고 있습니다",
      ratingsNotKept: "이 브라우저는 오프라인에서 평가를 보관할 수 없어 평가를 보관하지 못했습니다.",
      forbidden: "서버가 요청을 거절했습니다. “wordbook serve”가 출력한 주소를 여세요.",
      refused: "서버가 요청을 거절했습니다 (HTTP {status}). 페이지를 새로 고치세요.",
      viewCards: "카드", viewList: "목록", views: "보기 방식",
      stats: "복습", showChart: "복습 차트 보기",
      knew: "알아요", didNotKnow: "몰라요", roundProgress: "이번 회차 진행",
      focusPosition: "{count}장 중 {n}번째",
      focusCard: "카드: 누르거나 Space를 눌러 뒤집기",
      focusHint: "카드를 누르면 뒤집힙니다. 알면 오른쪽으로, 모르면 왼쪽으로 미세요.",
      hintDismiss: "알겠어요", roundDone: PageTexts.shared(.roundOver, .korean),
      focusKeysHint:
        "카드를 누르거나 Space 키를 누르면 뒤집힙니다. 알면 →, 모르면 ← 키를, 평가는 1~4 키를 "
        + "누르세요. ?를 누르면 모든 키가 보입니다.",
      roundSummary: PageTexts.shared(.roundSummary, .korean),
      restudy: PageTexts.shared(.restudyMissed, .korean),
      studyAgain: PageTexts.shared(.restudyRound, .korean),
      openBook: "단어장: {title}", changeBook: "바꾸기",
      newBook: "새 단어장", newBookTitle: "새 단어장 제목", create: "만들기",
      renameBook: "이 단어장 이름 바꾸기", renameTitle: "새 제목", rename: "이름 바꾸기",
      deleteBook: "이 단어장 지우기", deleteBookTitle: "단어장 지우기",
      deleteBookQuestion: PageTexts.shared(.deleteBookQuestion, .korean),
      oneWord: PageTexts.shared(.oneWord, .korean), words: PageTexts.shared(.words, .korean),
      first: "처음", last: "마지막", jump: "이동", jumpLabel: "카드 번호로 이동",
      keys: PageKeys.help(in: .korean, title: "키", swipe: "카드를 오른쪽이나 왼쪽으로 밀어도 됩니다."),
      typing: PageTexts.shared(.typing, .korean),
      typeTheAnswer: PageTexts.shared(.typeTheAnswer, .korean), check: "확인",
      typedAnswer: "입력한 답", expectedAnswer: "정답",
      proposedRating: PageTexts.shared(.proposedRating, .korean),
      ratingAgain: PageTexts.shared(.ratingAgain, .korean),
      ratingHard: PageTexts.shared(.ratingHard, .korean),
      ratingGood: PageTexts.shared(.ratingGood, .korean),
      ratingEasy: PageTexts.shared(.ratingEasy, .korean),
      say: PageTexts.shared(.say, .korean), sayNewCards: "새 카드 읽어 주기",
      cannotSay: "이 브라우저는 단어를 소리 내어 읽을 수 없습니다.",
      menu: "메뉴")
  }

  var signInTexts: SignInTexts {
    SignInTexts(
      title: "Wordbook에 로그인", name: "이름", password: "비밀번호", signIn: "로그인",
      refused: "이름이나 비밀번호가 틀렸습니다.",
      signedOut: "로그아웃했습니다.",
      tooSoon: { "로그인에 너무 많이 실패했습니다. \($0)분 뒤에 다시 시도하세요." },
      nameTooLong: { "그렇게 긴 이름의 계정은 없습니다. 이름은 \($0)바이트까지입니다." },
      busy: "같은 네트워크에서 온 로그인을 많이 확인하는 중입니다. 잠시 뒤 다시 시도하세요.",
      overloaded: "서버가 다른 로그인을 확인하느라 바쁩니다. 잠시 뒤 다시 시도하세요.",
      unavailable: "서버가 지금 비밀번호를 확인할 수 없습니다. 잠시 뒤 다시 시도하세요.")
  }

  func sentence(_ refusal: ServerRefusal) -> String {
    switch refusal {
    case .foreignHost: "이 서버는 자기 주소로만 응답합니다. 서버가 출력한 주소를 여세요."
    case .foreignOrigin: "거절했습니다: Wordbook 자신의 페이지에서 온 요청이 아닙니다."
    case .missingToken:
      "거절했습니다: 'wordbook serve'가 출력한 주소를 여세요. 그 주소에 이 페이지의 열쇠가 있습니다."
    case .notFound(let path): "찾을 수 없습니다: \(path)."
    case .methodNotAllowed(let method, let path): "\(path)에는 \(method)를 쓸 수 없습니다."
    case .sessionEnded: "이 페이지의 세션이 끝났습니다. 페이지를 새로 고치세요."
    case .stopping: "서버가 멈추는 중입니다."
    case .tooManyPages(let limit):
      "이 서버에 열린 페이지가 너무 많습니다(\(limit)개). 하나를 닫은 뒤 이 페이지를 새로 고치세요."
    case .tooManyPagesOfLearner(let limit):
      "이 서버에 페이지를 \(limit)개 열어 두었습니다. 하나를 닫은 뒤 이 페이지를 새로 고치세요."
    case .actionNotJSON: "동작은 application/json으로 보내세요."
    case .commandNotJSON: "명령은 application/json으로 보내세요."
    case .unknownAction(let reason): "본문이 Wordbook이 아는 동작이 아닙니다: \(reason)."
    case .unknownCommand(let reason): "본문이 Wordbook이 아는 명령이 아닙니다: \(reason)."
    case .actionNotFromPage:
      "페이지는 이 동작을 보낼 수 없습니다. 서버와 그 저장소만 보냅니다."
    case .commandNotFromPage(let name): "페이지는 '\(name)' 명령을 이렇게 보낼 수 없습니다."
    case .answerTooLong(let limit): "답은 \(limit)자까지 입력할 수 있습니다."
    case .signedOut: "로그아웃되었습니다. /login에서 다시 로그인하세요."
    case .noBookForChart: "복습 차트를 보려면 단어장을 여세요."
    case .wordNotShown: "이 페이지에 없는 단어입니다."
    case .marksNotSaved: "표시를 저장하지 못했습니다. 페이지에 저장 안 됨으로 보입니다. 다시 시도하세요."
    case .ratingsNotJSON: "평가는 application/json으로 보내세요."
    case .unknownRatings(let reason):
      "본문이 Wordbook이 아는 평가 목록이 아닙니다: \(reason). 아무것도 저장하지 않았습니다."
    case .tooManyRatings(let limit):
      "한 번에 평가를 \(limit)개까지 보낼 수 있습니다. 아무것도 저장하지 않았습니다."
    case .ratingAhead(let minutes):
      "평가 시각이 서버 시계로 \(minutes)분 넘게 미래라서 저장하지 않았습니다. 기기의 시계를 확인하세요."
    case .ratingTooOld(let days):
      "\(days)일보다 오래된 평가라서 저장하지 않았습니다."
    }
  }

  func sentence(_ error: WebServerError) -> String {
    switch error {
    case .libraryMissing(let detail):
      "웹 서버에는 GNU libmicrohttpd가 필요합니다(\(detail)). 설치하세요: Debian이나 Ubuntu에서는 "
        + "'apt-get install libmicrohttpd12', macOS에서는 'brew install libmicrohttpd'."
    case .cannotListen(let detail): "웹 서버를 시작할 수 없습니다: \(detail)."
    case .daemonNotStarted(let port):
      "웹 서버를 시작할 수 없습니다: libmicrohttpd가 포트 \(port)에서 시작하지 않았습니다."
    case .invalidPeer(let peer):
      "'\(peer)'는 서버의 출처가 아닙니다. 피어는 경로 없이 http://HOST:PORT로 주세요."
    case .invalidCertificate(let problem):
      "HTTPS로 서비스할 수 없습니다: \(Self.clause(problem)). 인증서와 암호화하지 않은 개인 키를 "
        + "PEM 파일로 주세요(openssl req -x509 -newkey rsa:2048 -nodes -keyout key.pem "
        + "-out cert.pem)."
    case .tlsUnsupported:
      "HTTPS로 서비스할 수 없습니다: 설치된 libmicrohttpd가 TLS 없이 빌드되었습니다. GnuTLS가 "
        + "들어간 빌드(Debian과 Homebrew의 libmicrohttpd)를 설치하거나, 'wordbook serve' 앞에 "
        + "HTTPS 프록시를 두세요."
    }
  }

  private static func clause(_ problem: WebServerError.CertificateProblem) -> String {
    switch problem {
    case .notACertificate: "인증서가 PEM 인증서가 아닙니다"
    case .notAKey: "키가 암호화하지 않은 PEM 개인 키가 아닙니다"
    case .refused: "GnuTLS가 인증서나 키를 거부했습니다(서로 짝이 맞나요?)"
    }
  }
}
