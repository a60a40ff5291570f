import StoreCore
import Wordbook

/// The sign-ins of a server with accounts: passwords checked slowly and not too often (see
/// ``SignInThrottle``), the cookie that keeps a sign-in, and each learner's service.
///
/// A sign-in is a secret of 256 random bits in an `HttpOnly`, `SameSite=Strict` cookie that
/// lasts ``lifetime``; a new one is made at every sign-in. The accounts keep it (as a hash, on
/// PostgreSQL), so every server on the same store accepts it, and signing out ends it there. A
/// cookie once checked is trusted for ``recheckSeconds``, so a sign-out on another server, a
/// new password or a deleted user reaches this server's pages within that time.
final class SignIns: Sendable {
  /// The cookie's name.
  static let cookieName = "wordbook_sign_in"
  /// How long a sign-in lasts, in seconds: a day.
  static let lifetime: Int64 = 24 * 60 * 60
  /// How long a checked cookie is trusted before the accounts are asked again.
  static let recheckSeconds: Int64 = 5
  /// How long a refused sign-in waits before its answer.
  static let failureDelay = Duration.seconds(1)
  /// How many checked cookies are remembered at most.
  private static let checkedLimit = 10_000

  /// What checking a request's cookie found.
  enum Check: Sendable {
    /// The user signed in, and the sign-in's secret.
    case signedIn(user: String, secret: String)
    /// No cookie, or none that signs in now.
    case signedOut
    /// The accounts could not be asked.
    case failed(WordServiceError)
  }

  /// What a sign-in attempt came to.
  enum Outcome: Sendable {
    /// Signed in, with the new secret for the cookie.
    case signedIn(secret: String)
    /// The name or the password is wrong (never saying which).
    case refused
    /// Too many recent failures of the name or from the address: try again in this many
    /// seconds.
    case tooSoon(seconds: Int64)
    /// The accounts could not be asked.
    case failed(WordServiceError)
  }

  let accounts: any WebAccounts
  private let throttle = Locked(SignInThrottle())
  private let checked = Locked<[String: (user: String, checkedAt: Int64)]>([:])
  private let services = UserServices()

  init(accounts: any WebAccounts) {
    self.accounts = accounts
  }

  /// Checks `password` for `name`, tried from `address`, and starts a sign-in when it is right.
  ///
  /// Every attempt counts against the name until it succeeds, so attempts made at once cannot
  /// pass the name's limit together; a right password is refused too when its address has
  /// reached its limit meanwhile; a refusal comes after ``failureDelay``.
  func signIn(name: String, password: String, from address: String) async -> Outcome {
    let name = name.trimmingWhitespace()
    let now = Timestamp.now
    let wait = throttle.withLock { throttle in
      let wait = throttle.waitBeforeTrying(name: name, from: address, at: now)
      if wait == nil { throttle.recordAttempt(name: name, at: now) }
      return wait
    }
    if let wait { return .tooSoon(seconds: wait) }
    do {
      guard try await accounts.checkPassword(password, of: name) else {
        throttle.withLock { $0.recordFailure(from: address, at: .now) }
        try? await Task.sleep(for: Self.failureDelay)
        return .refused
      }
      let closed = throttle.withLock { throttle in
        let wait = throttle.waitBeforeSigningIn(from: address, at: .now)
        if wait == nil { throttle.recordSuccess(name: name) }
        return wait
      }
      if let closed { return .tooSoon(seconds: closed) }
      let secret = AccessGuard.makeToken()
      try await accounts.startSignIn(secret, of: name, until: now.advanced(by: Self.lifetime))
      return .signedIn(secret: secret)
    } catch {
      return .failed(error)
    }
  }

  /// Who `request`'s cookie signs in, if anyone.
  func check(_ request: HTTPRequest) async -> Check {
    var outcome = Check.signedOut
    for secret in request.cookies(Self.cookieName) where !secret.isEmpty {
      outcome = await check(secret: secret)
      if case .signedOut = outcome { continue }
      return outcome
    }
    return outcome
  }

  /// Who the sign-in `secret` is of, if it lasts.
  func check(secret: String) async -> Check {
    let now = Timestamp.now.secondsSince1970
    if let known = checked.withLock({ $0[secret] }), now - known.checkedAt < Self.recheckSeconds {
      return .signedIn(user: known.user, secret: secret)
    }
    do {
      guard let user = try await accounts.signedInUser(secret, at: Timestamp(secondsSince1970: now))
      else {
        checked.withLock { $0[secret] = nil }
        return .signedOut
      }
      checked.withLock { checked in
        if checked.count >= Self.checkedLimit {
          checked = checked.filter { now - $0.value.checkedAt < Self.recheckSeconds }
        }
        if checked.count < Self.checkedLimit { checked[secret] = (user, now) }
      }
      return .signedIn(user: user, secret: secret)
    } catch {
      return .failed(error)
    }
  }

  /// Ends the sign-in `secret` everywhere.
  func signOut(secret: String) async throws(WordServiceError) {
    checked.withLock { $0[secret] = nil }
    try await accounts.endSignIn(secret)
  }

  /// The service of the user named `name`, the same for all their pages on this server.
  func service(for name: String) async throws(WordServiceError) -> any WordService {
    try await services.service(for: name, from: accounts)
  }
}

/// Each signed-in user's service, asked of the accounts once per user.
private actor UserServices {
  private var services: [String: Task<any WordService, any Error>] = [:]

  func service(for name: String, from accounts: any WebAccounts) async throws(WordServiceError)
    -> any WordService
  {
    let task =
      services[name]
      ?? Task { () async throws -> any WordService in try await accounts.service(for: name) }
    services[name] = task
    do {
      return try await task.value
    } catch {
      // A failure is not kept: the next page tries again.
      if services[name] == task { services[name] = nil }
      throw error as? WordServiceError ?? WordServiceError(.other, "\(error)")
    }
  }
}
