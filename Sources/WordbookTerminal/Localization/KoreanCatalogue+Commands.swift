import Wordbook
import WordbookAnki
import WordbookInterchange
import WordbookPostgres

/// The Korean sentences of the `wordbook` command (한국어).
///
/// Options, subcommand names and usage lines stay as they are typed; titles, terms and file
/// names are never translated. English answers to a question are understood too.
extension KoreanCatalogue: TerminalCatalogue {
  var yesAnswers: Set<String> { ["y", "yes", "예", "네", "ㅇ"] }

  func describe(_ error: UsageError) -> String {
    let text = explanation(error.problem)
    guard let usage = error.usage else { return text }
    if case .unknownSubcommandOption(_, _, true) = error.problem {
      return text + " 사용법: \(usage) (-로 시작하는 값 앞에는 --를 붙이세요)"
    }
    return text + " 사용법: \(usage)"
  }

  private func explanation(_ problem: UsageError.Problem) -> String {
    switch problem {
    case .argumentNotUTF8(let position):
      "\(position)번째 인자가 UTF-8 텍스트가 아닙니다. UTF-8로 주세요(예: iconv로 변환)."
    case .needsFilePath(let option): "\(option)에는 파일 경로가 필요합니다. 예: wordbook \(option) FILE"
    case .recordOnlyForStudy(let name):
      "--record는 학습 세션을 기록합니다. 'wordbook'이나 'wordbook study'와 함께 쓰세요. "
        + "'\(name.shown)'에는 쓸 수 없습니다."
    case .unknownOption(let name):
      "알 수 없는 옵션 '\(name.shown)'. 'wordbook --help'로 옵션을 확인하세요."
    case .unknownSubcommand(let name):
      "알 수 없는 하위 명령 '\(name.shown)'. 'wordbook --help'로 하위 명령을 확인하세요."
    case .unknownSubcommandOption(let option, let name, _):
      "'\(name)'에 없는 옵션 '\(option.shown)'입니다."
    case .missingArguments(let name): "'\(name)'에 인자가 모자랍니다."
    case .tooManyArguments(let name, let limit): "'\(name)'의 인자는 \(limit)개까지입니다."
    case .optionNeedsValue(let option): "--\(option.shown)에 값이 필요합니다."
    case .optionGivenTwice(let option): "--\(option.shown)를 두 번 주었습니다."
    case .invalidWordID(let value):
      "WORD_ID는 'wordbook words BOOK'이 보여 주는 단어 ID(숫자)여야 합니다. "
        + "'\(value.shown)'은 아닙니다."
    case .invalidChoice(let option, let accepted, let value):
      "--\(option)는 \(accepted.joined(separator: ", ")) 중 하나여야 합니다. "
        + "'\(value.shown)'은 아닙니다."
    case .editNeedsChange: "'edit'에는 --term이나 --meaning, 또는 둘 다 필요합니다."
    case .conflictingHeaderFlags: "--header와 --no-header 중 하나만 주세요."
    case .importNeedsBook: "'import'에는 --book TITLE이 필요합니다."
    case .chartNeedsBook: "'stats --chart FILE'에는 그릴 BOOK이 필요합니다."
    case .invalidPort(let port): "--port는 0부터 65535까지의 숫자여야 합니다. '\(port.shown)'은 아닙니다."
    case .hostNeedsAddress: "--host에는 0.0.0.0 같은 IP 주소가 필요합니다."
    case .peersNeedSignIn:
      "--peers는 학습자가 로그인하는 PostgreSQL 데이터베이스(--user 없이)에서만 쓸 수 있습니다. "
        + "한 학습자의 서버에는 다른 서버의 페이지가 모르는 열쇠가 있습니다."
    case .replicaNeedsSignIn:
      "--replica에는 --db의 핫 스탠바이를 가리키는 postgresql:// URL을 주세요. 학습자가 "
        + "로그인하는 PostgreSQL 데이터베이스(--user 없이)에서만 쓸 수 있습니다."
    case .replicaNeedsPostgres:
      "--replica에는 --db의 핫 스탠바이를 가리키는 postgresql:// URL을 주세요. --db는 PostgreSQL "
        + "데이터베이스여야 합니다."
    case .newKeyNeedsOneLearner:
      "--new-key는 한 학습자의 서버(SQLite 파일, 또는 --user)에서만 쓸 수 있습니다. "
        + "학습자가 로그인하는 서버의 주소는 로그인 페이지이고 열쇠가 없습니다."
    case .studyNeedsTerminal:
      "'study'는 터미널에서만 열 수 있습니다. 스크립트에서는 'wordbook words BOOK'이나 "
        + "'wordbook stats'를 쓰세요."
    case .recordOverScreen:
      "--record -는 학습 화면 위에 기록을 씁니다. 파일을 주세요."
    case .deleteBookNeedsYes(let id):
      "'delete-book'은 지우기 전에 묻는데, 표준 입력이 터미널이 아닙니다. "
        + "단어장 \(id)과 그 단어를 지우려면 --yes를 붙이세요."
    case .usersNeedServer:
      "'users'는 PostgreSQL 데이터베이스의 계정을 관리합니다. --db postgresql://…(또는 "
        + "$WORDBOOK_DB)를 주세요. SQLite 파일에는 학습자가 한 명뿐이라 계정이 없습니다"
    case .unknownUsersAction(let action):
      "'users'에는 add, list, delete, passwd만 쓸 수 있습니다. '\(action.shown)'은 아닙니다"
    case .deleteUserNeedsYes(let name):
      "'users delete'는 지우기 전에 묻는데, 표준 입력이 터미널이 아닙니다. "
        + "사용자 \(name.shown)와 그 단어장을 지우려면 --yes를 붙이세요."
    case .databaseNeedsUser:
      "PostgreSQL 데이터베이스에는 여러 사용자의 단어장이 있습니다. --user NAME으로 사용자를 고르세요"
        + "(새 이름이면 사용자를 만듭니다)"
    case .unknownSetting(let key):
      "'\(key.shown)'라는 설정은 없습니다. 설정은 "
        + SchedulingSetting.allCases.map(\.rawValue).joined(separator: ", ")
        + "이고, --book BOOK과 함께 "
        + BookSetting.allCases.map(\.rawValue).joined(separator: ", ") + "입니다."
    case .tlsNeedsCertificateAndKey:
      "HTTPS에는 --tls-cert FILE(인증서)과 --tls-key FILE(그 개인 키)이 모두 필요합니다."
    case .settingNeedsBook(let key):
      "\(key.shown)는 단어장의 설정입니다. --book BOOK으로 단어장을 고르세요."
    case .invalidLanguage(let value):
      "언어는 ko-KR, en-GB, ja 같은 태그(또는 auto)여야 합니다. '\(value.shown)'은 아닙니다."
    case .invalidSetting(let key, let value):
      "\(key.rawValue)에는 \(Self.accepted(key))만 쓸 수 있습니다. '\(value.shown)'은 아닙니다."
    case .invalidParameter(let index, let value):
      "'\(value.shown)'에서 21개 중 \(index + 1)번째 매개변수는 "
        + "\(SchedulerSettings.parameterBounds[index].lowerBound)부터 "
        + "\(SchedulerSettings.parameterBounds[index].upperBound)까지여야 합니다."
    case .invalidRating(let value):
      "평가는 again, hard, good, easy (또는 1부터 4) 중 하나여야 합니다. '\(value.shown)'은 아닙니다."
    case .invalidTime(let option, let value):
      "--\(option)에는 2026-12-01T10:00:00Z나 2026-12-01T19:00:00+09:00처럼 시간대가 있는 "
        + "ISO 8601 시간을 주세요. '\(value.shown)'은 아닙니다."
    case .reviewTimeOutOfBounds(let option, let value):
      "복습의 다음 복습이 9999-12-31까지 와야 하므로 --\(option)에는 "
        + "\(Review.timeBounds.lowerBound.iso8601)부터 \(Review.timeBounds.upperBound.iso8601)까지의 "
        + "시간을 주세요. '\(value.shown)'은 아닙니다."
    }
  }

  /// 설정이 받는 값, "…만 쓸 수 있습니다" 앞에 오는 말.
  private static func accepted(_ key: SchedulingSetting) -> String {
    switch key {
    case .retention:
      "\(SchedulerSettings.desiredRetentionBounds.lowerBound)부터 "
        + "\(SchedulerSettings.desiredRetentionBounds.upperBound)까지의 수"
    case .fuzz: "on 또는 off"
    case .learningSteps, .relearningSteps:
      "none, 또는 쉼표로 나눈 단계(1m,10m처럼 정수와 단위 s, m, h, d, 각각 36500일 이하)"
    case .maximumInterval:
      "\(SchedulerSettings.maximumIntervalBounds.lowerBound)부터 "
        + "\(SchedulerSettings.maximumIntervalBounds.upperBound)까지의 정수(일)"
    case .newPerDay:
      "\(ReviewSettings.newWordsPerDayBounds.lowerBound)부터 "
        + "\(ReviewSettings.newWordsPerDayBounds.upperBound)까지의 정수"
    case .learnAhead: "정수와 단위 s, m, h, d(20m처럼), 1d 이하"
    case .parameters: "쉼표로 나눈 수 21개"
    }
  }

  func describe(_ problem: CommandProblem) -> String {
    switch problem {
    case .service(let error): describe(error)
    case .usage(let error): describe(error)
    case .bookIDNotFound(let id, let text):
      "ID가 \(id)인 단어장이 없습니다. 'wordbook books'로 확인하세요. "
        + "제목이 '\(text.shown)'인 단어장이라면 title:\(text.shown)로 쓰세요."
    case .bookTitleNotFound(let title):
      "제목이 '\(title.shown)'인 단어장이 없습니다. 'wordbook books'로 확인하세요."
    case .bookDeletedWhileReading(let book):
      "단어장 \(book.id) (\(book.title.shown))이 읽는 도중에 삭제되었습니다. "
        + "'wordbook books'로 단어장을 확인하세요."
    case .wordNotInBook(let word, let book):
      "단어장 \(book.id) (\(book.title.shown))에 ID가 \(word)인 단어가 없습니다. "
        + "'wordbook words \(book.id)'로 단어를 확인하세요."
    case .bookNotDeleted(let id): "단어장 \(id)을 지우지 않았습니다."
    case .account(let error): describe(error)
    case .passwordsDiffer: "두 비밀번호가 다릅니다. 아무것도 바꾸지 않았습니다."
    case .noPassword: "비밀번호가 없습니다. 터미널에서 입력하거나 표준 입력의 첫 줄로 주세요."
    case .passwordNotUTF8: "비밀번호가 UTF-8 텍스트가 아닙니다. 아무것도 바꾸지 않았습니다."
    case .userNotDeleted(let name): "사용자 \(name.shown)를 지우지 않았습니다."
    case .replicaNotACopy(let replica):
      "\(replica.shown)은 --db의 스탠바이가 아니라 다른 PostgreSQL 클러스터입니다. --replica에는 "
        + "--db의 클러스터로 만든 스탠바이(pg_basebackup -R)의 URL을 주세요."
    case .cannotReadFile(let file): "\(file.shown)을 읽을 수 없습니다. 경로와 권한을 확인하세요."
    case .unreadableFlashcards(let file, let error):
      "\(file.shown): \(error.message(in: .korean).shown)."
        + Self.columnAdvice(error)
    case .noCardToImport(let file, let format, let rejected):
      "\(file.shown)에 가져올 카드가 없습니다 (\(format)로 읽음, 거부된 줄 \(rejected)개). "
        + "단어장은 바뀌지 않았습니다."
    case .reviewLineRefused(let file, let line, let problem):
      "\(file.shown) \(line)번째 줄: \(Self.refusal(problem)). 복습 기록을 하나도 가져오지 않았습니다."
    case .unreadablePackage(let file, let error):
      "\(file.shown): \(error.message(in: .korean).shown)."
    case .noNoteToImport(let file, let rejected):
      "\(file.shown): 가져올 수 있는 노트가 없습니다 (거부 \(rejected)개). "
        + "단어장은 바뀌지 않았습니다."
    case .parameterFitFailed(let error): Self.fitFailure(error)
    case .interrupted(let signal):
      "\(EnglishCatalogue.signalName(signal)) 신호로 중단했습니다. 끝내지 못한 작업은 저장하지 않았습니다."
    case .exportFailed(let format, let error):
      "\(format) 형식으로 내보낼 수 없습니다: \(error.message(in: .korean).shown)."
    case .cannotReadLog(let name): "동작 기록 \(name.shown)을 읽을 수 없습니다. 경로를 확인하세요."
    case .logIsFolder(let name):
      "동작 기록 \(name.shown)을 읽을 수 없습니다. 폴더입니다. 경로를 확인하세요."
    case .notALog(let name, let detail):
      "\(name.shown)은 wordbook 동작 기록이 아닙니다 (\(detail.shown))."
    case .replayDiffers(let sequence):
      "다시 실행한 결과가 \(sequence)번째 동작에서 기록과 다릅니다. "
        + "다른 버전의 wordbook이 남긴 기록일 수 있습니다."
    case .terminalUnavailable(let detail):
      "터미널을 쓸 수 없습니다 (\(detail.shown)). 'wordbook'을 터미널에서 실행하세요."
    case .logNotWritten(let name, let detail):
      "동작 기록 \(name.shown)을 쓰지 못했습니다: \(detail.shown)"
    case .marksNotSaved(let count):
      "표시 \(count)개가 저장되지 않았습니다. 데이터베이스가 제때 확인하지 않았습니다."
    case .stopped: "중단했습니다."
    case .serverFailed(let error): error.message(in: .korean).shown
    case .outputProtected(let name, let kind, let option):
      "\(name.shown)은 \(Self.name(of: kind))이라 쓰지 않았습니다. \(option)에 다른 파일을 주세요."
    case .standardOutputProtected(let kind):
      "표준 출력이 \(Self.name(of: kind))이라 쓰면 망가집니다. 출력을 다른 파일로 보내세요."
    case .outputIsFolder(let name, let option):
      "\(name.shown)은 폴더입니다. \(option)에 파일 이름을 주세요."
    case .outputNotRegular(let name, let option):
      "\(name.shown)은 일반 파일, FIFO, 터미널이 아니라 쓰지 않았습니다. \(option)에 다른 파일을 주세요."
    case .outputReadOnly(let name, let option):
      "\(name.shown)은 읽기 전용입니다. 쓸 수 있게 하거나 \(option)에 다른 파일을 주세요."
    case .cannotOpenOutput(let name, let detail, let option):
      "\(name.shown)에 쓸 수 없습니다 (\(detail)). 경로와 권한을 확인하거나 "
        + "\(option)에 다른 파일을 주세요."
    case .cannotWrite(let name, let detail):
      "\(name.shown)에 쓸 수 없습니다 (\(detail)). 공간을 비우거나 다른 파일을 골라 다시 시도하세요."
    case .cannotWriteStandardOutput(let detail): "표준 출력에 쓸 수 없습니다 (\(detail))."
    case .separatorInQuizletCard(let row, let separator, let option):
      "quizlet 형식으로 내보낼 수 없습니다: 카드 \(row)에 구분자 \(separator.shown)이(가) 들어 있는데 "
        + "Quizlet은 따옴표로 감쌀 수 없습니다. \(option)로 다른 구분자를 고르거나 (예: \(option) "
        + "\(option == "--separator" ? "pipe" : "semicolon")) CSV로 내보내세요."
    case .other(let text): text.shown
    }
  }

  /// 복습 기록의 줄을 거부한 까닭.
  private static func refusal(_ problem: ReviewLineProblem) -> String {
    switch problem {
    case .missingColumn(let name):
      "머리 줄에 \(name) 열이 없습니다(term, rating, reviewed_at가 필요합니다)"
    case .duplicateColumn(let name):
      "머리 줄에 \(name) 열이 두 번 있습니다(열마다 한 번씩만 주세요)"
    case .unmatched(let problem): problem.clause(in: .korean)
    case .invalidRating(let rating):
      "평가는 again, hard, good, easy (또는 1부터 4) 중 하나여야 합니다. '\(rating.shown)'은 아닙니다"
    case .invalidTime(let time):
      "시간은 2026-12-01T10:00:00Z처럼 시간대가 있는 ISO 8601이어야 합니다. '\(time.shown)'은 아닙니다"
    case .timeOutOfBounds(let time):
      "다음 복습이 9999-12-31까지 오도록 시간은 \(Review.timeBounds.lowerBound.iso8601)부터 "
        + "\(Review.timeBounds.upperBound.iso8601)까지여야 합니다. '\(time.shown)'은 아닙니다"
    case .fieldCount(let found, let expected):
      "이 줄의 필드는 \(found)개인데 머리 줄은 \(expected)개입니다"
    case .emptyField: "빈 필드가 있습니다(줄마다 단어, 평가, 시간이 필요합니다)"
    case .unreadable(let reason): reason.clause(in: .korean).shown
    }
  }

  private static func columnAdvice(_ error: FlashcardReadError) -> String {
    switch error {
    case .ambiguousColumns, .unknownColumn:
      " --term-column과 --meaning-column(머리글 이름이나 1부터 세는 번호, 학습 상태는 "
        + "--state-column), --header나 --no-header로 열을 고르세요."
    default: ""
    }
  }

  private static func name(of kind: ProtectedFiles.Kind) -> String {
    switch kind {
    case .database: "열려 있는 데이터베이스"
    case .databaseFile: "열려 있는 데이터베이스의 파일"
    }
  }

  func text(_ report: CommandReport) -> String {
    switch report {
    case .studyNeedsTerminal:
      "학습하려면 터미널에서 'wordbook'을 실행하세요. 하위 명령은 'wordbook --help'로 볼 수 있습니다."
    case .created(let book): "단어장 \(book.id)을 만들었습니다: \(book.title.shown)"
    case .added(let term, let meaning, let book):
      "단어장 \(book.id) (\(book.title.shown))에 \(term.shown) = \(meaning.shown)을 추가했습니다."
    case .edited(let word, let book):
      "단어장 \(book.id) (\(book.title.shown))의 단어 \(word.id)을 고쳤습니다: "
        + "\(word.term.shown) = \(word.meaning.shown)"
    case .deletedWords(let count, let book):
      "단어장 \(book.id) (\(book.title.shown))에서 단어 \(count)개를 지웠습니다."
    case .renamed(let book, let title):
      "단어장 \(book.id) (\(book.title.shown))의 제목을 \(title.shown)(으)로 바꿨습니다."
    case .deletedBook(let book):
      "단어장 \(book.id) (\(book.title.shown))과 단어 \(book.wordCount)개를 지웠습니다."
    case .stats(let book, let tally):
      "\(book.id)\t\(book.title.shown)\t전체 \(tally.total)\t"
        + "\(StudyScreenText.known.text(in: .korean)) \(tally.success)\t"
        + "\(StudyScreenText.notKnown.text(in: .korean)) \(tally.fail)\t"
        + "\(StudyScreenText.notStudied.text(in: .korean)) \(tally.notStudied)"
    case .imported(let file, let format, let summary, let policy, let rejected):
      "\(file.shown) (\(format))을 단어장 \(summary.book.id) (\(summary.book.title.shown))에 "
        + "가져왔습니다: 추가 \(summary.added), 동음이의어 추가 \(summary.homonyms), "
        + "갱신 \(summary.updated), 그대로 \(summary.unchanged), 중복 \(summary.duplicates)"
        + "(\(policy == .keep ? "다시 추가" : "건너뜀")), 거부 \(rejected)."
    case .media(let media, let folder):
      media.isSupported
        ? "미디어: 카드 \(media.cardsWithPictures)장에 그림 \(media.pictures)개"
          + (media.pictures > 0 ? " (\(folder.shown)에 저장)" : "")
          + ", 소리 \(media.skippedSounds)개와 다른 파일 \(media.skippedOther)개는 건너뜀"
          + (media.missing > 0 ? ", 패키지에 없는 파일 \(media.missing)개" : "") + "."
        : "미디어: 가져오지 않았습니다. 이 패키지의 미디어 목록은 지원하지 않는 새 Anki 형식입니다."
    case .ankiReviews(let reviews):
      "복습 기록: \(reviews.imported)개 가져옴"
        + (reviews.ofNotesNotImported > 0
          ? ", 가져오지 않은 노트의 기록 \(reviews.ofNotesNotImported)개 건너뜀" : "")
        + (reviews.withImpossibleTimes > 0
          ? ", 2006년 이전이나 미래 날짜의 기록 \(reviews.withImpossibleTimes)개 건너뜀" : "")
        + "."
    case .headerDetected(let fields):
      "1번째 줄을 머리글(\(EnglishCatalogue.quoted(fields)))로 읽었습니다. "
        + "카드로 가져오려면 --no-header를 주세요."
    case .rejected(let file, let problem):
      "거부: \(problem.message(in: .korean, file: file).shown)"
    case .rejectedNote(let file, let problem):
      "거부: \(problem.message(in: .korean, file: file).shown)"
    case .moreRejected(let count): "거부된 줄이 \(count)개 더 있습니다 (목록 생략)."
    case .importing(let count, let percent):
      "가져오는 중: \(count)줄" + (percent.map { ", 파일의 \($0)% 읽음" } ?? "")
    case .exported(let count, let book, let file, let format):
      "단어장 \(book.id) (\(book.title.shown))의 단어 \(count)개를 \(format) 형식으로 "
        + "\(file.shown)에 내보냈습니다."
    case .replayed(let count, let log, let cutOff):
      "\(log.shown)의 동작 \(count)개를 다시 실행했습니다"
        + (cutOff ? " (잘린 마지막 줄은 건너뛰었습니다)." : ".")
    case .listeningWarning(let host):
      "경고: \(host.shown)에서 기다리므로 다른 컴퓨터도 이 서버에 접속할 수 있습니다. "
        + "아래 주소를 아는 사람은 누구나 단어를 학습하고 바꿀 수 있으니, 믿을 수 있는 "
        + "네트워크에서 내 기기와만 공유하세요."
    case .signInOverPlainHTTP(let host):
      "경고: \(host.shown)에서 암호화하지 않은 HTTP로 기다리므로 비밀번호와 로그인 쿠키가 "
        + "암호화되지 않은 채 네트워크를 지나갑니다. 이 서버 앞에 HTTPS 프록시를 두거나 "
        + "127.0.0.1에서 기다리세요."
    case .serving(let url): "브라우저에서 학습하기: \(url)"
    case .otherDevices: "다른 기기에서는 127.0.0.1 대신 이 컴퓨터의 네트워크 주소를 쓰세요."
    case .onThisNetwork(let url): "같은 네트워크의 휴대폰에서: \(url)"
    case .qrCodeTooWide(let columns):
      "주소의 QR 코드를 보려면 창 너비가 \(columns)열 이상이어야 합니다. 창을 넓힌 뒤 serve를 "
        + "다시 실행하세요."
    case .pressControlC: "멈추려면 Ctrl-C를 누르세요."
    case .replicaUnavailable(let location, let error):
      "경고: 복제본 \(location.shown)이 실패해서 다시 응답할 때까지 읽기를 주 서버에서 합니다. "
        + "표시는 잃지 않습니다. \(describe(error))"
    case .replicaAnswering(let location): "복제본 \(location.shown)이 다시 읽기에 응답합니다."
    case .browserNotOpened(let opener):
      "\(opener)로 브라우저를 열 수 없습니다. 위 주소를 직접 여세요."
    case .reviewed(let word, let rating, let state):
      "단어 \(word.id) (\(word.term.shown))을(를) \(rating.name)(으)로 평가했습니다. "
        + "다음 복습: \(state.due?.iso8601 ?? "없음")."
    case .importedReviews(let count, let file, let book):
      "\(file.shown)에서 복습 기록 \(count)개를 단어장 \(book.id) (\(book.title.shown))에 가져왔습니다."
    case .addedUser(let name): "사용자 \(name.shown)를 추가했습니다."
    case .changedPassword(let name): "사용자 \(name.shown)의 비밀번호를 바꿨습니다."
    case .deletedUser(let name): "사용자 \(name.shown)와 그 단어장을 지웠습니다."
    case .passwordPrompt(let name): "\(name.shown)의 새 비밀번호: "
    case .passwordAgainPrompt: "한 번 더 입력하세요: "
    case .deleteUserQuestion(let name):
      "사용자 \(name.shown)와 그 단어장, 단어, 복습 기록을 모두 지울까요? [y/N] "
    case .deleteBookQuestion(let book):
      "단어장 \(book.id) (\(book.title.shown))과 단어 \(book.wordCount)개를 지울까요? [y/N] "
    case .reviewStatistics(let book, let statistics):
      "\(book.id)\t\(book.title.shown)\t오늘 복습 \(statistics.dueToday)\t"
        + "이번 주 복습 \(statistics.dueThisWeek)\t평균 기억 확률 "
        + (statistics.averageRetrievability.map(EnglishCatalogue.percent) ?? "없음")
    case .prediction(let book, let evaluation):
      "\(book.id)\t\(book.title.shown)\t"
        + (evaluation.map {
          "로그 손실 \(EnglishCatalogue.decimal($0.logLoss, places: 4))\t"
            + "RMSE(bins) \(EnglishCatalogue.percent($0.rmseBins))\t예측한 복습 \($0.itemCount)"
        } ?? "예측 평가 없음: 이전 복습보다 하루 이상 뒤에 한 복습이 아직 없습니다")
    case .fitting(let percent): "매개변수 맞추는 중: \(percent)%"
    case .parametersApplied(let current, let fitted):
      "맞춘 매개변수를 저장했습니다: RMSE(bins) \(EnglishCatalogue.percent(current.rmseBins)) → "
        + "\(EnglishCatalogue.percent(fitted.rmseBins)), 로그 손실 "
        + "\(EnglishCatalogue.decimal(current.logLoss, places: 4)) → "
        + "\(EnglishCatalogue.decimal(fitted.logLoss, places: 4)). "
        + "모든 단어의 복습 일정을 새 매개변수로 다시 계산했습니다."
    case .parametersKept(let current, let fitted):
      "지금의 매개변수를 그대로 둡니다: 맞춘 매개변수가 RMSE(bins)를 낮추지 않습니다 "
        + "(맞춘 값 \(EnglishCatalogue.percent(fitted.rmseBins)), "
        + "지금 값 \(EnglishCatalogue.percent(current.rmseBins)))."
    case .chartWritten(let book, let file):
      "단어장 \(book.id) (\(book.title.shown))의 복습 차트를 \(file.shown)에 썼습니다."
    }
  }

  /// Why `optimize` could not fit the parameters.
  private static func fitFailure(_ error: ParameterFitError) -> String {
    let kept = "지금의 매개변수를 그대로 둡니다."
    switch error {
    case .tooFewReviews(let usable, let needed):
      return "매개변수를 맞출 복습이 부족합니다: 배울 수 있는 복습이 \(usable)개이고(같은 단어의 앞 "
        + "복습보다 하루 이상 뒤에 한 복습, 첫 간격이 드문 단어는 빼고) \(needed)개가 필요합니다. " + kept
    case .unreadableLog(let problem, let count):
      let others = count > 1 ? " (이런 단어 \(count)개)" : ""
      switch problem.kind {
      case .inFuture:
        return "단어 \(problem.wordID)에 지금보다 뒤인 \(problem.time.iso8601)의 복습이 "
          + "있습니다\(others). 컴퓨터 시계나 가져온 복습 기록의 시각을 확인하세요. " + kept
      case .outOfOrder:
        return "단어 \(problem.wordID)의 \(problem.time.iso8601) 복습이 그 앞에 기록된 복습보다 "
          + "이릅니다\(others). 시계가 뒤로 갔거나 가져온 복습 기록의 시각이 틀렸습니다. " + kept
      }
    case .diverged: return "맞추는 중에 유한하지 않은 수가 나왔습니다. " + kept
    case .cancelled: return "맞추기가 취소되었습니다. " + kept
    }
  }
}
