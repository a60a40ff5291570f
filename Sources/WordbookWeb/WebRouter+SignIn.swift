import Wordbook

/// The paths of a server with accounts: the sign-in page and its form at `/login`, and each
/// sign-in's folder (`/` and 32 hexadecimal digits and `/`), where its page, its requests and
/// its sign-out are, and which its cookie's `Path` names. A browser sends a cookie to every
/// port of its host whose paths its `Path` covers: with a folder only the sign-in's answer
/// named, no other program on the host is asked for it, so none receives the cookie; the
/// page keeps the folder when it turns to a peer, which serves any folder.
extension WebRouter {
  /// A path split into the sign-in folder it lies in, if any, and the rest (`/events`).
  /// The folder is `/`, 32 lowercase hexadecimal digits and `/`, read byte by byte: this runs
  /// for every request.
  static func splitHome(_ path: String) -> (home: String?, path: String) {
    let bytes = path.utf8
    guard bytes.count > 33, bytes.first == UInt8(ascii: "/") else { return (nil, path) }
    let slash = bytes.index(bytes.startIndex, offsetBy: 33)
    let isLowercaseHex = { (byte: UInt8) in
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }
    guard bytes[slash] == UInt8(ascii: "/"),
      bytes[bytes.index(after: bytes.startIndex)..<slash].allSatisfy(isLowercaseHex)
    else { return (nil, path) }
    return (String(path[...slash]), String(path[slash...]))
  }

  /// The answer on a server with accounts: the sign-in page and its form, sign-out, and every
  /// other path, in a sign-in's folder, for a signed-in learner alone.
  func answerSigningIn(
    _ request: HTTPRequest, home: String?, path: String, language: Language,
    _ signIns: SignIns
  ) -> HTTPResponse {
    switch (request.method, path) {
    case ("GET", "/login"):
      // A page's way back to the sign-in, which gives a new folder.
      return home == nil ? SignInPage.response(language) : .redirect(to: "/login", headers: [])
    case ("POST", "/login"):
      return signIn(request, language: language, signIns)
    case ("POST", "/logout"):
      let ended = Self.cookie("", home: home ?? "/", maxAge: 0, access.cookieSecurity)
      return .later { [sessions] in
        if case .signedIn(_, let secret) = await signIns.check(request) {
          do {
            try await signIns.signOut(secret: secret)
          } catch {
            return .text(503, language.pageCatalogue.signInTexts.unavailable)
          }
          await MainActor.run { sessions.close(signIn: secret) }
        }
        return .redirect(
          to: "/login",
          headers: [("Set-Cookie", ended)])
      }
    case (_, "/login"), (_, "/logout"):
      return .refusal(.methodNotAllowed(method: request.method, path: path), in: language)
    default:
      guard Self.dynamicPaths.contains(path) else {
        return .refusal(.notFound(path: path), in: language)
      }
      // Outside a sign-in's folder nothing is signed in: the cookie goes only there.
      guard let home else {
        if request.method == "GET", path == "/" { return .redirect(to: "/login", headers: []) }
        return .refusal(.signedOut, in: language)
      }
      return .later { @MainActor in
        switch await signIns.check(request) {
        case .signedIn(let user, let secret):
          return await self.answerNow(
            request, path: path, language: language,
            as: .signedIn(user: user, secret: secret, home: home, signIns))
        case .signedOut:
          if request.method == "GET", path == "/" {
            return .redirect(to: "/login", headers: [])
          }
          return .refusal(.signedOut, in: language)
        case .failed:
          return .text(503, language.pageCatalogue.signInTexts.unavailable)
        }
      }
    }
  }

  /// The answer to the sign-in form: the page in a new folder, with a cookie scoped to it, or
  /// the form again with why not.
  private func signIn(_ request: HTTPRequest, language: Language, _ signIns: SignIns)
    -> HTTPResponse
  {
    let fields = request.formFields
    let name = fields["name"] ?? ""
    let texts = language.pageCatalogue.signInTexts
    let security = access.cookieSecurity
    return .later {
      let outcome = await signIns.signIn(
        name: name, password: fields["password"] ?? "", from: request.clientAddress)
      switch outcome {
      case .signedIn(let secret):
        let home = SignIns.newHome()
        return .redirect(
          to: home,
          headers: [
            ("Set-Cookie", Self.cookie(secret, home: home, maxAge: SignIns.lifetime, security)),
            // The cookie of a sign-in made before cookies had folders, which every port of
            // the host received, goes.
            ("Set-Cookie", Self.cookie("", home: "/", maxAge: 0, security)),
          ])
      case .refused:
        return SignInPage.response(language, status: 401, message: texts.refused, name: name)
      case .nameTooLong:
        // The name is not put back: it is what the server does not keep.
        return SignInPage.response(
          language, status: 400, message: texts.nameTooLong(SignIns.maximumNameBytes))
      case .closed(let seconds):
        return SignInPage.response(
          language, status: 429, message: texts.tooSoon((seconds + 59) / 60), name: name,
          retryAfter: seconds)
      case .busy:
        return SignInPage.response(
          language, status: 429, message: texts.busy, name: name, retryAfter: 1)
      case .overloaded:
        return SignInPage.response(
          language, status: 503, message: texts.overloaded, name: name, retryAfter: 5)
      case .failed:
        return SignInPage.response(language, status: 503, message: texts.unavailable, name: name)
      }
    }
  }

  /// The sign-in cookie's header value: `secret` for the folder `home`, for `maxAge` seconds
  /// (0 deletes it), ending with `security` (``AccessGuard/cookieSecurity``).
  private static func cookie(_ secret: String, home: String, maxAge: Int64, _ security: String)
    -> String
  {
    "\(SignIns.cookieName)=\(secret); HttpOnly; SameSite=Strict; Path=\(home); Max-Age=\(maxAge)"
      + security
  }
}
