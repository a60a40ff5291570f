/// The words of the sign-in page in one language, from its catalogue (``PageCatalogue``).
struct SignInTexts: Sendable {
  var title: String
  var name: String
  var password: String
  var signIn: String
  /// The answer to a wrong name or password: the same for both, never saying which.
  var refused: String
  /// The page after signing out.
  var signedOut: String
  /// Sign-ins of the name or from the address paused for `minutes` minutes.
  var tooSoon: @Sendable (_ minutes: Int64) -> String
  /// A name longer than any account's, of more than `bytes` bytes.
  var nameTooLong: @Sendable (_ bytes: Int) -> String
  /// As many sign-ins from the address are being checked as it may have at once.
  var busy: String
  /// Too many sign-ins of all addresses wait for their check.
  var overloaded: String
  /// The accounts could not be reached.
  var unavailable: String
}
