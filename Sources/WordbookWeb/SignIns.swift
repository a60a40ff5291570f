import StoreCore
import Wordbook

/// The sign-ins of a server with accounts: passwords checked slowly, in turns and not too often
/// (``SignInThrottle``, ``SignInQueue``), the cookie that keeps a sign-in, and each learner's
/// service.
///
/// A sign-in is a secret of 256 random bits in an `HttpOnly`, `SameSite=Strict` cookie that
/// lasts ``lifetime``, whose `Path` is a folder of its own (``newHome()``); a new one is made at
/// every sign-in. The accounts keep it (as a hash, on PostgreSQL), so every server on the same
/// store accepts it, and signing out ends it there. A cookie once checked is trusted for
/// ``trustWindow``, and the server checks its open pages' sign-ins every ``recheckInterval``
/// and whenever the accounts say sign-ins ended, so a sign-out on another server, a new
/// password or a deleted user closes this server's pages within two seconds.
///
/// Before a request is signed in, what it may make the server hold is bounded: a name longer
/// than ``maximumNameBytes`` is refused unread by the accounts, a body larger than
/// ``signedOutBodyBytes`` is refused at its head, and the throttle keeps fixed-size keys.
final class SignIns: Sendable {
  /// The cookie's name.
  static let cookieName = "wordbook_sign_in"
  /// How long a sign-in lasts, in seconds: a day.
  static let lifetime: Int64 = 24 * 60 * 60
  /// How long a checked cookie is trusted before the accounts are asked again.
  static let trustWindow = Duration.seconds(1)
  /// How often the open pages' sign-ins are checked, at the latest.
  static let recheckInterval = Duration.milliseconds(500)
  /// How long a refused sign-in waits before its answer.
  static let failureDelay = Duration.seconds(1)
  /// The most bytes of a name, in UTF-8: an account's name has no more.
  static let maximumNameBytes = 256
  /// The most bytes of a request's body before it is signed in: a sign-in form's name and
  /// password, percent-encoded, with room to spare.
  static let signedOutBodyBytes = 16 << 10
  /// How many cookies of the name one request may have checked.
  private static let cookiesChecked = 4
  /// How many checked cookies are remembered at most.
  private static let checkedLimit = 10_000

  /// What checking a request's cookie found.
  enum Check: Sendable {
    /// The user signed in, and the sign-in's secret.
    case signedIn(user: WebUser, secret: String)
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
    /// The name has more than ``SignIns/maximumNameBytes``; nothing was asked.
    case nameTooLong
    /// Too many recent failures of the name or from the address: try again in this many
    /// seconds.
    case closed(seconds: Int64)
    /// The address has as many attempts waiting for their check as it may: try again in a
    /// moment.
    case busy
    /// Too many sign-ins wait for their check: try again in a moment.
    case overloaded
    /// The accounts could not be asked.
    case failed(WordServiceError)
  }

  /// A checked sign-in: whose it is, and when the accounts said so.
  private struct Checked {
    var user: WebUser
    var checkedAt: ContinuousClock.Instant
  }

  let accounts: any WebAccounts
  private let throttle = Locked(SignInThrottle())
  private let queue = SignInQueue()
  private let checked = Locked<[String: Checked]>([:])
  private let services = UserServices()

  init(accounts: any WebAccounts) {
    self.accounts = accounts
  }

  /// A new folder for a sign-in's page and cookie: `/`, 128 random bits in hexadecimal, `/`.
  static func newHome() -> String {
    "/\(AccessGuard.makeToken().prefix(32))/"
  }

  /// Checks `password` for `name`, tried from `address`, and starts a sign-in when it is right.
  ///
  /// The attempt is counted against its name before its password is checked
  /// (``SignInThrottle``), waits for its address's turn (``SignInQueue``), where its address is
  /// asked again and its failure counted before the address's next turn, and a refusal comes
  /// after ``failureDelay``.
  func signIn(name: String, password: String, from address: String) async -> Outcome {
    let name = name.trimmingWhitespace()
    guard name.utf8.count <= Self.maximumNameBytes else { return .nameTooLong }
    if let wait = throttle.withLock({ $0.admit(name: name, from: address, at: .now) }) {
      return .closed(seconds: wait)
    }
    let turn = await queue.inTurn(of: SignInThrottle.client(of: address)) {
      () async -> Outcome in
      if let wait = throttle.withLock({ $0.waitBeforeChecking(from: address, at: .now) }) {
        return .closed(seconds: wait)
      }
      do throws(WordServiceError) {
        let user = try await accounts.user(named: name, password: password)
        throttle.withLock {
          $0.settle(name: name, from: address, succeeded: user != nil, at: .now)
        }
        guard let user else { return .refused }
        let secret = AccessGuard.makeToken()
        try await accounts.startSignIn(secret, of: user, until: .now.advanced(by: Self.lifetime))
        return .signedIn(secret: secret)
      } catch {
        return .failed(error)
      }
    }
    let outcome: Outcome
    switch turn {
    case .ran(let ran): outcome = ran
    case .addressBusy: outcome = .busy
    case .full: outcome = .overloaded
    }
    switch outcome {
    case .refused:
      try? await Task.sleep(for: Self.failureDelay)
    case .busy, .overloaded, .closed, .failed:
      // The password was not checked (or the sign-in that it let in failed, which left nothing
      // to take back): the attempt counts for nothing.
      throttle.withLock { $0.withdraw(name: name) }
    case .signedIn, .nameTooLong: break
    }
    return outcome
  }

  /// Who `request`'s cookie signs in, if anyone.
  nonisolated(nonsending) func check(_ request: HTTPRequest) async -> Check {
    let secrets = request.cookies(Self.cookieName).filter { !$0.isEmpty }.prefix(
      Self.cookiesChecked)
    guard !secrets.isEmpty else { return .signedOut }
    do {
      let users = try await users(signedInWith: Set(secrets))
      guard let secret = secrets.first(where: { users[$0] != nil }), let user = users[secret]
      else { return .signedOut }
      return .signedIn(user: user, secret: secret)
    } catch {
      return .failed(error)
    }
  }

  /// Whether `request` carries a cookie that signed in here and was not found ended since: the
  /// request may send a body as large as the server's limit. Asks nothing of the accounts.
  func knows(_ request: HTTPRequest) -> Bool {
    let secrets = request.cookies(Self.cookieName).prefix(Self.cookiesChecked)
    return checked.withLock { checked in secrets.contains { checked[$0] != nil } }
  }

  /// The sign-ins among `secrets` that have ended, asked of the accounts in one call; `nil`
  /// when they could not be asked.
  func ended(among secrets: Set<String>) async -> Set<String>? {
    guard let users = try? await users(signedInWith: secrets, trusting: false) else {
      return nil
    }
    return secrets.filter { users[$0] == nil }
  }

  /// Trusts no checked cookie until the accounts are asked again: sign-ins may have ended.
  func distrustChecks() {
    checked.withLock { checked in
      for secret in checked.keys { checked[secret]?.checkedAt = .now - Self.trustWindow }
    }
  }

  /// Ends the sign-in `secret` everywhere.
  func signOut(secret: String) async throws(WordServiceError) {
    checked.withLock { $0[secret] = nil }
    try await accounts.endSignIn(secret)
  }

  /// The service of `user`, the same for all their pages on this server.
  func service(for user: WebUser) async throws(WordServiceError) -> any WordService {
    try await services.service(for: user, from: accounts)
  }

  /// Lets go of the services of every account but `users`, which have pages open.
  func keepServices(of users: Set<Int64>) async {
    await services.keep(users)
  }

  /// The users `secrets` sign in, from the checks trusted now (unless `trusting` is false) and
  /// one call to the accounts for the rest; remembers what the accounts said.
  private nonisolated(nonsending) func users(
    signedInWith secrets: Set<String>, trusting: Bool = true
  )
    async throws(WordServiceError) -> [String: WebUser]
  {
    let now = ContinuousClock.now
    var users: [String: WebUser] = [:]
    if trusting {
      checked.withLock { checked in
        for secret in secrets {
          if let known = checked[secret], now - known.checkedAt < Self.trustWindow {
            users[secret] = known.user
          }
        }
      }
    }
    let unknown = secrets.subtracting(users.keys)
    guard !unknown.isEmpty else { return users }
    let found = try await accounts.signedInUsers(unknown, at: .now)
    checked.withLock { checked in
      for secret in unknown where found[secret] == nil { checked[secret] = nil }
      if checked.count + found.count > Self.checkedLimit {
        checked = checked.filter { now - $0.value.checkedAt < Self.trustWindow }
      }
      for (secret, user) in found where checked.count < Self.checkedLimit {
        checked[secret] = Checked(user: user, checkedAt: now)
      }
    }
    return users.merging(found) { $1 }
  }
}

/// Each signed-in account's service, asked of the accounts once per account, by its ID.
private actor UserServices {
  private var services: [Int64: Task<any WordService, any Error>] = [:]

  func service(for user: WebUser, from accounts: any WebAccounts) async throws(WordServiceError)
    -> any WordService
  {
    let task =
      services[user.id]
      ?? Task { () async throws -> any WordService in try await accounts.service(for: user) }
    services[user.id] = task
    do {
      return try await task.value
    } catch {
      // A failure is not kept: the next page tries again.
      if services[user.id] == task { services[user.id] = nil }
      throw error as? WordServiceError ?? WordServiceError(.other, "\(error)")
    }
  }

  /// Lets go of every service but those of `users`.
  func keep(_ users: Set<Int64>) {
    services = services.filter { users.contains($0.key) }
  }
}
