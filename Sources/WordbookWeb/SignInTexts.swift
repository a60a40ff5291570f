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
  /// The accounts could not be reached.
  var unavailable: String
}
