import Wordbook

/// The Anki package reader's sentences in Korean.
extension KoreanCatalogue: AnkiCatalogue {
  func sentence(_ error: AnkiPackageError) -> String {
    switch error {
    case .readFailed(let number):
      "패키지를 읽을 수 없습니다(오류 \(number)). 경로와 권한을 확인하세요"
    case .corruptZip(let detail):
      "읽을 수 있는 zip 압축 파일이 아닙니다(\(detail)). .apkg 파일이 손상되었거나 덜 받아졌습니다"
    case .unsupportedZip(let detail):
      "zip 압축 파일이 지원하지 않는 기능(\(detail))을 씁니다. Anki에서 덱을 다시 내보내세요"
    case .unsafePath(let path):
      "패키지에 안전하지 않은 경로 \"\(path)\"의 항목이 있어 가져오지 않았습니다"
    case .memberTooLarge(let name, let limit):
      "항목 \"\(name)\"이 풀면 \(limit)바이트나 압축 크기의 100배를 넘습니다. "
        + "zip 폭탄일 수 있어 패키지를 거부했습니다"
    case .duplicateMember(let name):
      "패키지에 \"\(name)\"이라는 항목이 두 개 있습니다. 손상되었거나 조작된 것으로 보고 거부했습니다"
    case .overlappingMembers(let first, let second):
      "항목 \"\(first)\"과 \"\(second)\"이 파일의 같은 바이트를 나눠 씁니다. "
        + "zip 폭탄일 수 있어 패키지를 거부했습니다"
    case .packageTooLarge(let name, let limit):
      "\"\(name)\"을 읽는 동안 패키지가 모두 \(limit)바이트(크기의 100배)를 넘게 풀렸습니다. "
        + "zip 폭탄일 수 있어 거부했습니다"
    case .checksumMismatch(let name):
      "항목 \"\(name)\"이 CRC-32 검사를 통과하지 못했습니다. .apkg 파일이 손상되었습니다"
    case .noCollection:
      "Anki 패키지가 아닙니다: collection.anki21b, collection.anki21, collection.anki2가 "
        + "하나도 없습니다"
    case .notACollection(let detail):
      "패키지의 컬렉션이 Anki 컬렉션이 아닙니다(\(detail))"
    case .collectionTooComplex(let name, let steps):
      "\(name)을 읽는 데 SQLite 단계가 \(steps)번을 넘게 걸렸습니다. 그 크기의 컬렉션에 "
        + "필요한 것보다 훨씬 많아 패키지를 거부했습니다"
    case .tooManyReviews(let name, let limit):
      "\(name)의 복습 기록에 답이 \(limit)개를 넘게 있습니다. 한 학습자가 하는 것보다 훨씬 "
        + "많아 패키지를 거부했습니다"
    case .temporaryFileFailed(let path, let number):
      AnkiPackageError.isFullDisk(number)
        ? "\(path)에 컬렉션을 풀 수 없습니다: 디스크가 가득 찼습니다(오류 \(number)). "
          + "공간을 비운 뒤 다시 해 보세요"
        : "\(path)에 컬렉션을 풀 수 없습니다(오류 \(number)). "
          + "임시 폴더(TMPDIR)에 쓸 수 있는지 확인하세요"
    case .zstdUnavailable:
      "이 패키지는 zstd로 압축되었는데 libzstd.so.1을 불러올 수 없습니다. "
        + "설치하세요(Debian과 Ubuntu: apt-get install libzstd1)"
    case .corruptZstd(let detail):
      "패키지의 zstd로 압축된 컬렉션이 손상되었습니다(\(detail))"
    case .mediaWriteFailed(let path, let number):
      AnkiPackageError.isFullDisk(number)
        ? "미디어 폴더 \(path)에 그림을 쓸 수 없습니다: 디스크가 가득 찼습니다(오류 \(number)). "
          + "공간을 비운 뒤 다시 해 보세요"
        : "미디어 폴더 \(path)에 그림을 쓸 수 없습니다(오류 \(number)). "
          + "폴더에 쓸 수 있는지 확인하세요"
    }
  }

  func sentence(_ problem: AnkiNoteProblem, file: String) -> String {
    "\(file) \(problem.note)번째 노트: \(problem.reason.clause(in: .korean))"
  }
}
