import Wordbook
import WordbookPostgres

extension EnglishCatalogue {
  func describe(_ error: AccountError) -> String {
    switch error {
    case .blankName: "a user's name cannot be blank"
    case .nameTooLong(let maximum):
      "a user's name may have \(maximum) bytes at most; nothing was changed."
    case .nameTaken(let name):
      "a user is named \(name.shown) already; give them a new password with "
        + "'wordbook users passwd \(name.shown)'"
    case .unknownUser(let name):
      "no user is named \(name.shown). Run 'wordbook users list' to see them."
    case .passwordTooShort(let minimum):
      "a password needs \(minimum) characters or more; nothing was changed."
    case .passwordTooLong(let maximum):
      "a password may have \(maximum) bytes at most, and no zero byte; nothing was changed."
    case .hashingUnavailable:
      "passwords need libsodium, which is not installed: install the libsodium23 package "
        + "(apt-get install libsodium23)."
    case .hashingFailed: "the password could not be hashed: the system is out of memory."
    case .service(let error): describe(error)
    }
  }
}
