import Wordbook
import WordbookPostgres

extension KoreanCatalogue {
  func describe(_ error: AccountError) -> String {
    switch error {
    case .blankName: "사용자 이름은 비워 둘 수 없습니다"
    case .nameTaken(let name):
      "\(name.shown)라는 사용자가 이미 있습니다. 새 비밀번호는 "
        + "'wordbook users passwd \(name.shown)'으로 주세요"
    case .unknownUser(let name):
      "\(name.shown)라는 사용자가 없습니다. 'wordbook users list'로 확인하세요."
    case .passwordTooShort(let minimum):
      "비밀번호는 \(minimum)자 이상이어야 합니다. 아무것도 바꾸지 않았습니다."
    case .passwordTooLong(let maximum):
      "비밀번호는 \(maximum)바이트 이하여야 하고 0 바이트를 담을 수 없습니다. 아무것도 바꾸지 않았습니다."
    case .hashingUnavailable:
      "비밀번호에는 libsodium이 필요한데 설치되어 있지 않습니다. libsodium23 패키지를 "
        + "설치하세요(apt-get install libsodium23)."
    case .hashingFailed: "메모리가 모자라 비밀번호를 해시할 수 없습니다."
    case .service(let error): describe(error)
    }
  }

  func describe(_ error: AppError) -> String {
    switch error {
    case .alreadySaving: "단어를 저장하는 중입니다. 끝난 뒤 다시 시도하세요."
    case .blankTitle: "단어장 제목을 입력한 뒤 다시 시도하세요."
    case .blankTerm: "단어를 입력한 뒤 다시 시도하세요."
    case .noBookSelected: "먼저 단어장을 고른 뒤 단어를 저장하세요."
    case .nothingToRedo: "다시 할 것이 없습니다."
    case .nothingToUndo: "되돌릴 것이 없습니다."
    case .service(let error): describe(error)
    case .unknownBook(let id): "ID가 \(id)인 단어장이 없습니다. 목록에서 고르세요."
    case .unknownWord(let id): "이 단어장에 ID가 \(id)인 단어가 없습니다."
    }
  }

  func describe(_ error: WordServiceError) -> String {
    switch error.reason {
    case .bookNotFound(let id): "ID가 \(id)인 단어장이 없습니다. 단어장 목록을 다시 불러오세요."
    case .wordNotFound(let id): "ID가 \(id)인 단어가 없습니다. 단어장을 다시 불러오세요."
    case .titleTaken(let book):
      "단어장 \"\(book.title.shown)\"(ID \(book.id))이 이미 그 제목을 씁니다. 다른 제목을 고르세요."
    case .blankTitle: "단어장 제목을 입력한 뒤 다시 시도하세요."
    case .blankTerm: "단어를 입력한 뒤 다시 시도하세요."
    case .cancelled: "작업을 취소했습니다. 바뀐 것은 없습니다."
    case .reviewedTermNotMatched(let line, let problem):
      "복습 기록 \(line)번째 줄: \(Self.unmatched(problem)). 복습을 하나도 가져오지 않았습니다."
    case .unreachable(let operation):
      "\(Self.cannot(operation)): 서비스에 연결할 수 없습니다. 다시 시도하세요."
    case .storage(let failure): describe(failure)
    case .described(let message): message
    }
  }

  private func describe(_ failure: WordServiceError.StorageFailure) -> String {
    let what = Self.cannot(failure.operation)
    let path = failure.path.shown
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
      "\(what): 단어장 데이터베이스 \(path)가 손상되었습니다 (\(detail.shown)). 백업에서 되살리세요."
    case .cannotOpen(let detail):
      "\(what): 파일 \(path)를 열 수 없습니다 (\(detail.shown)). "
        + "폴더가 있는지, 쓸 수 있는지 확인하세요."
    case .inputOutput(let detail):
      "\(what): \(path)를 읽거나 쓰지 못했습니다 (\(detail.shown)). 디스크를 확인하고 다시 시도하세요."
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
      "\(what): \(path)는 WAL 기록 방식을 쓸 수 없습니다 (모드 \(mode.shown))."
    case .serverUnreachable(let detail):
      "\(what): 데이터베이스 서버 \(path)에 연결할 수 없습니다 (\(detail.shown)). "
        + "서버가 켜져 있는지, URL이 맞는지 확인한 뒤 다시 시도하세요."
    case .folderIsFile(let part):
      "\(what): \(part.shown)는 폴더가 아니라 파일입니다 (\(path)). "
        + "WORDBOOK_DB로 다른 위치를 고르세요."
    case .system(let detail): "\(what) (\(path)): \(detail.shown)."
    }
  }

  /// The sentence that the operation failed, without its full stop: "… 수 없습니다".
  static func cannot(_ operation: WordServiceError.Operation) -> String {
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
