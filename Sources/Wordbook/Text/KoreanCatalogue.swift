/// Every sentence Wordbook says in Korean (한국어), one catalogue across the layers.
///
/// The domain's sentences are here and in the `KoreanCatalogue+StudyScreen.swift` file: its
/// errors, the study screen's texts and its key help. Each layer above adds its own in an
/// extension in its module, named after it (the commands' and the terminal screen's in
/// `WordbookTerminal`, the page's in `WordbookWeb`, the review chart's in
/// `WordbookInterchange`), each behind that layer's protocol, so a sentence missing in one
/// language does not compile. No sentence is written in two places: a text two front ends
/// show is the domain's, and each reads it from here.
public struct KoreanCatalogue: Sendable {
  /// The catalogue; it holds no state, only sentences.
  public init() {}

  /// The language of its sentences.
  public var language: Language { .korean }
}

extension KoreanCatalogue: Catalogue {
  func sentence(_ error: AppError, for reader: MessageReader) -> String {
    switch error {
    case .alreadySaving: "단어를 저장하는 중입니다. 끝난 뒤 다시 시도하세요."
    case .blankTitle: "단어장 제목을 입력한 뒤 다시 시도하세요."
    case .blankTerm: "단어를 입력한 뒤 다시 시도하세요."
    case .noBookSelected: "먼저 단어장을 고른 뒤 단어를 저장하세요."
    case .nothingToRedo: "다시 할 것이 없습니다."
    case .nothingToUndo: "되돌릴 것이 없습니다."
    case .roundIsOver: "이번 회차가 끝났습니다. 틀린 카드나 전체를 다시 공부하세요."
    case .service(let error): error.message(in: .korean, for: reader)
    case .unknownBook(let id): "ID가 \(id)인 단어장이 없습니다. 목록에서 고르세요."
    case .unknownWord(let id): "이 단어장에 ID가 \(id)인 단어가 없습니다."
    }
  }

  func sentence(_ reason: WordServiceError.Reason, for reader: MessageReader) -> String {
    switch reason {
    case .bookNotFound(let id): "ID가 \(id)인 단어장이 없습니다. 단어장 목록을 다시 불러오세요."
    case .wordNotFound(let id): "ID가 \(id)인 단어가 없습니다. 단어장을 다시 불러오세요."
    case .titleTaken(let book):
      "단어장 \"\(book.title)\"(ID \(book.id))이 이미 그 제목을 씁니다. 다른 제목을 고르세요."
    case .blankTitle: "단어장 제목을 입력한 뒤 다시 시도하세요."
    case .blankTerm: "단어를 입력한 뒤 다시 시도하세요."
    case .reviewTimeOutOfBounds(let time):
      "\(time.iso8601)의 복습은 일정을 잡을 수 없습니다. 복습 시간은 "
        + "\(Review.timeBounds.lowerBound.iso8601)부터 \(Review.timeBounds.upperBound.iso8601)까지여야 "
        + "합니다. 기록한 것은 없습니다."
    case .userNotFound(let id): "ID가 \(id)인 사용자가 없습니다. 계정이 삭제되었습니다. 다시 로그인하세요."
    case .blankUserName: "PostgreSQL 데이터베이스에는 사용자 이름이 필요합니다. --user NAME으로 지정하세요."
    case .cancelled: "작업을 취소했습니다. 바뀐 것은 없습니다."
    case .reviewedTermNotMatched(let line, let problem):
      "복습 기록 \(line)번째 줄: \(clause(problem)). 복습을 하나도 가져오지 않았습니다."
    case .reviewIDTaken(let id):
      "다른 복습이 이미 ID \(id)를 씁니다. 아무것도 저장하지 않았습니다. 카드를 다시 평가하세요."
    case .reviewHistoryUnreadable: "복습 기록을 읽을 수 없습니다. 아무것도 가져오지 않았습니다."
    case .reviewHistoryClosed: "복습 기록을 읽기 전에 닫았습니다. 아무것도 가져오지 않았습니다."
    case .unreachable(let operation):
      "\(cannot(operation)): 서비스에 연결할 수 없습니다. 다시 시도하세요."
    case .storage(let failure): sentence(failure, for: reader)
    case .described(let message): message
    }
  }

  func sentence(_ failure: WordServiceError.StorageFailure, for reader: MessageReader) -> String {
    let what = cannot(failure.operation)
    guard reader == .owner else { return "\(what): \(visitorClause(failure.problem))" }
    let path = failure.path
    return switch failure.problem {
    case .busy:
      "\(what): 다른 프로그램이 단어장 데이터베이스 \(path)를 쓰고 있습니다. "
        + "그 프로그램을 닫거나 잠시 뒤 다시 시도하세요."
    case .full:
      "\(what): \(path)가 있는 디스크가 가득 찼습니다. 공간을 비우고 다시 시도하세요. "
        + "바뀐 것은 없습니다."
    case .readOnly:
      "\(what): \(path)나 그 폴더가 읽기 전용입니다. 둘 다 쓸 수 있게 하거나 "
        + "WORDBOOK_DB로 다른 위치를 고르세요."
    case .notADatabase:
      "\(path)는 Wordbook 데이터베이스가 아닙니다. 파일을 옮기거나 WORDBOOK_DB로 다른 위치를 "
        + "고르세요. 파일은 건드리지 않았습니다."
    case .damaged(let detail):
      "\(what): 단어장 데이터베이스 \(path)가 손상되었습니다 (\(detail)). 백업에서 되살리세요."
    case .cannotOpen(let detail):
      "\(what): 파일 \(path)를 열 수 없습니다 (\(detail)). 폴더가 있는지, 쓸 수 있는지 확인하세요."
    case .inputOutput(let detail):
      "\(what): \(path)를 읽거나 쓰지 못했습니다 (\(detail)). 디스크를 확인하고 다시 시도하세요."
    case .severalNames(let links):
      "\(path)에 이름(하드 링크)이 \(links)개 있습니다. SQLite는 이름마다 기록과 잠금을 따로 두므로 "
        + "여러 이름으로 열면 저장한 단어를 잃거나 파일이 손상될 수 있습니다. 이름을 하나만 남기거나"
        + "(`find / -samefile \(path)`로 찾을 수 있습니다) 복사본을 여세요. 파일은 쓰지 않았습니다."
    case .newerSchema(let version, let known):
      "단어장 데이터베이스 \(path)의 스키마 버전은 \(version)인데, 이 Wordbook은 \(known)까지만 "
        + "압니다. Wordbook을 업데이트한 뒤 여세요. 파일은 건드리지 않았습니다."
    case .closed:
      "단어장 데이터베이스 \(path)를 이 프로그램이 닫았습니다. 다시 열어서 쓰세요."
    case .noWriteAheadLog(let mode):
      "\(what): \(path)는 WAL 기록 방식을 쓸 수 없습니다 (모드 \(mode))."
    case .serverUnreachable(let detail):
      "\(what): 데이터베이스 서버 \(path)에 연결할 수 없습니다 (\(detail)). "
        + "서버가 켜져 있는지, URL이 맞는지 확인한 뒤 다시 시도하세요."
    case .folderIsFile(let part):
      "\(what): \(part)는 폴더가 아니라 파일입니다 (\(path)). WORDBOOK_DB로 다른 위치를 고르세요."
    case .system(let detail): "\(what) (\(path)): \(detail)."
    }
  }

  /// What went wrong, without the server's paths, addresses or system errors.
  private func visitorClause(_ problem: WordServiceError.StorageProblem) -> String {
    switch problem {
    case .busy: "다른 프로그램이 단어장 데이터베이스를 쓰고 있습니다. 잠시 뒤 다시 시도하세요."
    case .full: "서버의 디스크가 가득 찼습니다. 바뀐 것은 없습니다."
    case .readOnly: "단어장 데이터베이스가 읽기 전용입니다."
    case .notADatabase: "서버의 단어장 파일이 Wordbook 데이터베이스가 아닙니다."
    case .damaged: "단어장 데이터베이스가 손상되었습니다. 백업에서 되살려야 합니다."
    case .cannotOpen: "단어장 데이터베이스 파일을 열 수 없습니다."
    case .inputOutput: "단어장 데이터베이스를 읽거나 쓰지 못했습니다. 다시 시도하세요."
    case .severalNames: "단어장 데이터베이스 파일에 이름(하드 링크)이 여러 개 있어 쓰지 않았습니다."
    case .newerSchema: "더 새로운 Wordbook이 만든 데이터베이스입니다. Wordbook을 업데이트해야 합니다."
    case .closed: "서버가 단어장 데이터베이스를 닫았습니다."
    case .noWriteAheadLog: "단어장 데이터베이스가 WAL 기록 방식을 쓸 수 없습니다."
    case .serverUnreachable: "단어장 데이터베이스 서버에 연결할 수 없습니다. 다시 시도하세요."
    case .folderIsFile: "단어장 데이터베이스의 폴더 자리에 파일이 있습니다."
    case .system: "단어장 데이터베이스에 오류가 났습니다."
    }
  }

  func clause(_ problem: ReviewedTermProblem) -> String {
    switch problem {
    case .unknownTerm(let term): "단어장에 '\(term)' 단어가 없습니다"
    case .ambiguousTerm(let term, let count):
      "단어장에 '\(term)' 단어가 \(count)개 있습니다. 어느 것인지 meaning 열을 더하세요"
    case .unknownMeaning(let term, let meaning):
      "단어장에 뜻이 '\(meaning)'인 '\(term)' 단어가 없습니다"
    }
  }

  /// The sentence that the operation failed, without its full stop: "… 수 없습니다".
  private func cannot(_ operation: WordServiceError.Operation) -> String {
    switch operation {
    case .openDatabase: "단어장 데이터베이스를 열 수 없습니다"
    case .prepareQuery: "질의를 준비할 수 없습니다"
    case .createFolder: "폴더를 만들 수 없습니다"
    case .loadBooks: "단어장 목록을 불러올 수 없습니다"
    case .loadBook: "단어장을 불러올 수 없습니다"
    case .findBook: "단어장을 찾을 수 없습니다"
    case .createBook: "단어장을 만들 수 없습니다"
    case .renameBook: "단어장 이름을 바꿀 수 없습니다"
    case .deleteBook: "단어장을 지울 수 없습니다"
    case .loadWords: "단어를 불러올 수 없습니다"
    case .countWords: "단어를 셀 수 없습니다"
    case .findWord: "단어를 찾을 수 없습니다"
    case .saveWord: "단어를 저장할 수 없습니다"
    case .editWord: "단어를 고칠 수 없습니다"
    case .deleteWord: "단어를 지울 수 없습니다"
    case .saveStudyMarks: "학습 표시를 저장할 수 없습니다"
    case .saveReview: "복습 기록을 저장할 수 없습니다"
    case .loadReviews: "복습 기록을 불러올 수 없습니다"
    case .searchWords: "단어를 검색할 수 없습니다"
    case .importWords: "단어를 가져올 수 없습니다"
    case .readSettings: "설정을 읽을 수 없습니다"
    case .saveSettings: "설정을 저장할 수 없습니다"
    case .readChanges: "다른 곳의 변경을 읽을 수 없습니다"
    case .saveChanges: "변경을 기록할 수 없습니다"
    case .loadUsers: "사용자 목록을 불러올 수 없습니다"
    case .saveUser: "사용자를 저장할 수 없습니다"
    }
  }
}
