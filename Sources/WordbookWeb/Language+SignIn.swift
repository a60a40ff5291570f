import Wordbook

extension Language {
  /// The words of the sign-in page.
  struct SignInTexts {
    var title: String
    var name: String
    var password: String
    var signIn: String
    /// The answer to a wrong name or password: the same for both, never saying which.
    var refused: String
    /// The page after signing out.
    var signedOut: String
    /// Sign-ins of the name or from the address paused for `minutes` minutes.
    var tooSoon: (_ minutes: Int64) -> String
    /// The accounts could not be reached.
    var unavailable: String
  }

  /// The sign-in page's words in this language.
  var signIn: SignInTexts {
    switch self {
    case .english:
      SignInTexts(
        title: "Sign in to Wordbook", name: "Name", password: "Password", signIn: "Sign in",
        refused: "The name or the password is wrong.",
        signedOut: "You are signed out.",
        tooSoon: { "Too many failed sign-ins; try again in \($0) minute\($0 == 1 ? "" : "s")." },
        unavailable: "The server cannot check passwords now; try again in a moment.")
    case .korean:
      SignInTexts(
        title: "Wordbook에 로그인", name: "이름", password: "비밀번호", signIn: "로그인",
        refused: "이름이나 비밀번호가 틀렸습니다.",
        signedOut: "로그아웃했습니다.",
        tooSoon: { "로그인에 너무 많이 실패했습니다. \($0)분 뒤에 다시 시도하세요." },
        unavailable: "서버가 지금 비밀번호를 확인할 수 없습니다. 잠시 뒤 다시 시도하세요.")
    }
  }

  /// What a page hears when its sign-in has ended: sign in again.
  var signedOutRequest: String {
    switch self {
    case .english: "You are signed out; sign in again at /login."
    case .korean: "로그아웃되었습니다. /login에서 다시 로그인하세요."
    }
  }
}
