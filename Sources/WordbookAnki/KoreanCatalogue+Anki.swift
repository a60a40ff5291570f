import Wordbook

/// The Anki package reader's sentences in Korean.
extension KoreanCatalogue: AnkiCatalogue {
  func sentence(_ error: AnkiPackageError) -> String {
    switch error {
    case .readFailed(let number):
      "패키지를 읽을 수 없습니다(오류 \(number)). 경로와 권한을 확인하세요"
    case .corruptZip(let damage):
      "읽을 수 있는 zip 압축 파일이 아닙니다(\(Self.clause(damage))). .apkg 파일이 손상되었거나 "
        + "덜 받아졌습니다"
    case .unsupportedZip(let feature):
      "zip 압축 파일이 지원하지 않는 기능(\(Self.name(feature)))을 씁니다. Anki에서 덱을 다시 "
        + "내보내세요"
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
    case .notACollection(let problem):
      "패키지의 컬렉션이 Anki 컬렉션이 아닙니다(\(Self.clause(problem)))"
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
    case .corruptZstd(let damage):
      "패키지의 zstd로 압축된 컬렉션이 손상되었습니다(\(Self.clause(damage)))"
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

  private static func clause(_ damage: AnkiPackageError.ZipDamage) -> String {
    switch damage {
    case .tooShort: "zip 디렉터리를 담기에 너무 짧습니다"
    case .noDirectoryEnd: "중앙 디렉터리의 끝이 없습니다. 파일이 잘렸을 수 있습니다"
    case .directoryOutsideFile: "중앙 디렉터리가 파일 밖에 있습니다"
    case .damagedDirectoryEntry: "중앙 디렉터리의 항목이 손상되었습니다"
    case .directoryEntryOverruns: "중앙 디렉터리의 항목이 디렉터리 끝을 넘습니다"
    case .outsideFile: "항목이 파일 밖에 있습니다"
    case .endsEarly: "파일이 일찍 끝납니다"
    case .memberOutsideFile(let name): "항목 \"\(name)\"이 파일 밖에서 시작합니다"
    case .noLocalHeader(let name): "항목 \"\(name)\"에 로컬 헤더가 없습니다"
    case .memberOverruns(let name): "항목 \"\(name)\"이 데이터 끝을 넘습니다"
    case .storedSizesDiffer(let name): "압축하지 않은 항목 \"\(name)\"의 두 크기가 다릅니다"
    case .inflatesPastSize(let name): "항목 \"\(name)\"이 풀면 밝힌 크기를 넘습니다"
    case .inflatesToOtherSize(let name): "항목 \"\(name)\"이 풀면 밝힌 크기와 다릅니다"
    case .damagedMember(let name): "항목 \"\(name)\"이 손상되었거나 잘렸습니다"
    case .inflaterNotStarted(let name): "zlib이 \"\(name)\"의 압축을 풀기 시작하지 못했습니다"
    }
  }

  private static func name(_ feature: AnkiPackageError.ZipFeature) -> String {
    switch feature {
    case .zip64: "zip64"
    case .encryption: "암호화"
    case .compressionMethod(let method): "압축 방식 \(method)"
    }
  }

  private static func clause(_ damage: AnkiPackageError.ZstdDamage) -> String {
    switch damage {
    case .outOfMemory: "메모리가 부족합니다"
    case .cutShort: "데이터가 잘렸습니다"
    case .refused(let reason): reason
    }
  }

  private static func clause(_ problem: AnkiPackageError.CollectionProblem) -> String {
    switch problem {
    case .notSQLite(let name): "\(name)은 SQLite 데이터베이스가 아닙니다"
    case .cannotOpen(let name): "SQLite가 \(name)을 열 수 없습니다"
    case .cannotGuard(let name): "SQLite가 \(name)을 안전하게 읽도록 설정할 수 없습니다"
    case .notAnOrdinaryTable(let name, let table): "\(name): \"\(table)\"이 보통 테이블이 아닙니다"
    case .noNotesTable(let name): "\(name)에 notes 테이블이 없습니다"
    case .queryFailed(let name, let message): "\(name): \(message)"
    }
  }
}
