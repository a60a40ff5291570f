import Wordbook

/// Why an account could not be added, changed, deleted or signed in to.
public enum AccountError: Error, Hashable, Sendable {
  /// The name is blank once its surrounding spaces are removed.
  case blankName
  /// The name has more bytes (in UTF-8, without its surrounding spaces) than this.
  case nameTooLong(maximumBytes: Int)
  /// A user has the name already.
  case nameTaken(String)
  /// No user has the name.
  case unknownUser(String)
  /// The password has fewer characters than this.
  case passwordTooShort(minimumCharacters: Int)
  /// The password has more bytes (in UTF-8) than this, or a zero byte.
  case passwordTooLong(maximumBytes: Int)
  /// libsodium cannot be loaded: install the `libsodium23` package.
  case hashingUnavailable
  /// libsodium could not make a hash, for want of memory.
  case hashingFailed
  /// The database failed.
  case service(WordServiceError)
}
