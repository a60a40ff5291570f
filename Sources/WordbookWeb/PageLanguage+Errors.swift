import Wordbook

extension PageLanguage {
  /// The error in this language, as the page shows it.
  ///
  /// English is the domain's own sentence; Korean words the error's kind and values here.
  func describe(_ error: AppError) -> String {
    switch self {
    case .english: error.message
    case .korean: Self.korean(error)
    }
  }

  private static func korean(_ error: AppError) -> String {
    switch error {
    case .alreadySaving: "단어를 저장하는 중입니다. 끝난 뒤 다시 시도하세요."
    case .blankTitle: "단어장 제목을 입력한 뒤 다시 시도하세요."
    case .blankTerm: "단어를 입력한 뒤 다시 시도하세요."
    case .noBookSelected: "먼저 단어장을 고른 뒤 단어를 저장하세요."
    case .nothingToRedo: "다시 할 것이 없습니다."
    case .nothingToUndo: "되돌릴 것이 없습니다."
    case .service(let error): korean(error)
    case .unknownBook(let id): "ID가 \(id)인 단어장이 없습니다. 목록에서 고르세요."
    case .unknownWord(let id): "이 단어장에 ID가 \(id)인 단어가 없습니다."
    }
  }

  static func korean(_ error: WordServiceError) -> String {
    switch error.reason {
    case .bookNotFound(let id): "ID가 \(id)인 단어장이 없습니다. 페이지를 새로 고치세요."
    case .wordNotFound(let id): "ID가 \(id)인 단어가 없습니다. 단어장을 다시 여세요."
    case .titleTaken(let book):
      "단어장 \"\(book.title)\"(ID \(book.id))이 이미 그 제목을 씁니다. 다른 제목을 고르세요."
    case .blankTitle: "단어장 제목을 입력한 뒤 다시 시도하세요."
    case .blankTerm: "단어를 입력한 뒤 다시 시도하세요."
    case .cancelled: "작업을 취소했습니다. 바뀐 것은 없습니다."
    case .reviewedTermNotMatched(let line, _):
      "복습 기록 \(line)번째 줄이 단어장의 어느 단어도 가리키지 않습니다. 복습을 하나도 가져오지 않았습니다."
    case .unreachable: "서비스에 연결할 수 없습니다. 다시 시도하세요."
    case .storage(let failure): korean(failure.problem)
    case .described(let message): message
    }
  }

  /// A storage failure in Korean: the server's terminal shows the file and the details.
  private static func korean(_ problem: WordServiceError.StorageProblem) -> String {
    switch problem {
    case .busy: "다른 프로그램이 단어장 데이터베이스를 쓰고 있습니다. 잠시 뒤 다시 시도하세요."
    case .full: "디스크가 가득 찼습니다. 공간을 비우고 다시 시도하세요. 바뀐 것은 없습니다."
    case .readOnly: "단어장 데이터베이스가 읽기 전용입니다."
    case .notADatabase: "단어장 데이터베이스가 아닌 파일입니다."
    case .damaged: "단어장 데이터베이스가 손상되었습니다. 백업에서 되살리세요."
    case .cannotOpen: "단어장 데이터베이스 파일을 열 수 없습니다."
    case .inputOutput: "단어장 데이터베이스를 읽거나 쓰지 못했습니다. 다시 시도하세요."
    case .severalNames: "단어장 데이터베이스 파일에 이름(하드 링크)이 여러 개 있어 쓰지 않았습니다."
    case .newerSchema: "더 새로운 Wordbook이 만든 데이터베이스입니다. Wordbook을 업데이트하세요."
    case .closed: "서버가 단어장 데이터베이스를 닫았습니다."
    case .noWriteAheadLog: "단어장 데이터베이스가 WAL 기록 방식을 쓸 수 없습니다."
    case .serverUnreachable: "단어장 데이터베이스 서버에 연결할 수 없습니다. 다시 시도하세요."
    case .folderIsFile: "단어장 데이터베이스의 폴더 자리에 파일이 있습니다."
    case .system(let detail): "단어장 데이터베이스 오류: \(detail)"
    }
  }
}
