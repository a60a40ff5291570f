import Wordbook

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The flashcard reader's and writer's sentences in Korean.
extension KoreanCatalogue: InterchangeCatalogue {
  func sentence(_ error: FlashcardReadError) -> String {
    switch error {
    case .invalidUTF8(let offset, let line):
      "파일이 UTF-8이 아닙니다: \(line)번째 줄, 오프셋 \(offset)의 바이트가 잘못되었습니다. "
        + "UTF-8로 저장한 뒤 다시 가져오세요"
    case .unsupportedSeparator(let separator):
      separator.isEmpty
        ? "구분자가 비어 있습니다"
        : "구분자 \"\(separator)\"는 ASCII 문자 하나가 아닙니다. CSV, TSV, Anki 파일에는 "
          + "ASCII 문자 하나가 필요합니다"
    case .invalidColumn(let column):
      "\(column)번 열은 없습니다. 열 번호는 1부터 셉니다"
    case .unknownColumn(let name, let header?):
      "머리 줄(\(FlashcardReadError.list(header)))에 \"\(name)\" 열이 없습니다"
    case .unknownColumn(let name, nil):
      "\"\(name)\" 열을 이름으로 골랐지만 파일을 머리 줄 없이 읽습니다"
    case .ambiguousColumns(let fields):
      "첫 줄에 열이 \(fields.count)개(\(FlashcardReadError.list(fields))) 있는데 단어와 뜻의 "
        + "열을 알려 주는 머리 줄이 없습니다. 번호나 머리글 이름으로 고르세요"
    case .sqlScript:
      "이 파일은 카드 목록이 아니라 SQL 스크립트입니다(SQL 문으로 시작합니다). 단어를 CSV나 "
        + "TSV로 내보내거나, 그래도 그 형식으로 읽으려면 형식을 주세요"
    case .readFailed(let number):
      "파일을 읽을 수 없습니다(\(String(cString: strerror(number)))). 읽을 수 있는 파일인지 "
        + "확인하세요"
    case .stopped:
      "파일 끝까지 읽기 전에 멈췄습니다"
    }
  }

  func sentence(_ error: FlashcardWriteError) -> String {
    switch error {
    case .separatorInField(let row, let separator):
      "\(row)번째 카드에 구분자 \"\(separator)\"가 들어 있는데 Quizlet은 이를 따옴표로 감쌀 수 "
        + "없습니다. 다른 구분자를 고르거나 CSV로 내보내세요"
    case .unsupportedSeparator(let separator):
      "구분자 \"\(separator)\"는 따옴표나 줄바꿈이 아닌 ASCII 문자 하나가 아닙니다"
    }
  }

  func clause(_ reason: LineProblem.Reason) -> String {
    let names = (tab: "(탭)", newline: "(줄바꿈)", space: "(공백)")
    return switch reason {
    case .missingSeparator(let separator):
      "단어와 뜻 사이에 구분자 \(reason.visible(separator, names: names))가 없습니다"
    case .tooManySeparators(let found, let separator):
      "구분자 \(reason.visible(separator, names: names))가 하나여야 하는데 \(found)개입니다"
    case .tooManyFields(let found, let expected):
      "필드는 많아야 \(expected)개인데 \(found)개입니다"
    case .tooFewFields(let found, let expected):
      "필드가 적어도 \(expected)개 필요한데 \(found)개입니다"
    case .emptyTerm:
      "단어가 비어 있습니다"
    case .unknownStudyState(let text):
      "\"\(text)\"는 학습 상태(success, fail, notStudied)가 아닙니다"
    case .invalidImageName(let text):
      "\"\(text)\"는 그림 파일의 이름이 아닙니다(폴더 없이, 점으로 시작하지 않는 이름이어야 합니다)"
    case .unterminatedQuote:
      "따옴표로 연 필드가 닫히지 않습니다"
    case .tooLong(let limit):
      "\(reason.size(limit, bytes: "바이트"))보다 길어서 건너뛰었습니다(나누어 주거나, 텍스트 "
        + "파일인지 확인하세요)"
    }
  }

  func sentence(_ problem: LineProblem, file: String) -> String {
    let text = problem.text.isEmpty ? "" : "(“\(problem.text)”)"
    return "\(file) \(problem.line)번째 줄\(text): \(clause(problem.reason))"
  }
}
