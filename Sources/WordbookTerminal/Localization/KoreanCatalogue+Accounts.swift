import Wordbook
import WordbookPostgres

extension KoreanCatalogue {
  func describe(_ error: AccountError) -> String {
    switch error {
    case .blankName: "사용자 이름은 비워 둘 수 없습니다"
    case .nameTooLong(let maximum):
      "사용자 이름은 \(maximum)바이트 이하여야 합니다. 아무것도 바꾸지 않았습니다."
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
}
