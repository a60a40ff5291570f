import Wordbook

/// Slows and limits failed sign-ins, per user name and per client address, so that guessing
/// passwords takes an attacker years rather than hours.
///
/// A name that failed ``nameLimit`` times in the last ``window`` is refused until the oldest of
/// those failures leaves the window, whichever address tries it; so is an address that failed
/// ``addressLimit`` times, whichever names it tries. Unknown names count like known ones, so a
/// refusal never tells whether a name exists. Memory is bounded: at most ``trackedLimit``
/// names and as many addresses are remembered, the oldest forgotten first.
struct SignInThrottle: Sendable {
  /// Failures of one name within ``window`` that close it for the rest of the window.
  static let nameLimit = 5
  /// Failures from one address within ``window`` that close it for the rest of the window.
  static let addressLimit = 20
  /// How long a failure counts.
  static let window: Int64 = 15 * 60
  /// How many names, and how many addresses, are remembered at most.
  static let trackedLimit = 10_000

  /// The times of each name's recent failures, oldest first.
  private var names: [String: [Int64]] = [:]
  /// The times of each address's recent failures, oldest first.
  private var addresses: [String: [Int64]] = [:]

  /// How many seconds are left before `name` may be tried again from `address`, or `nil` when it
  /// may be tried now.
  mutating func waitBeforeTrying(name: String, from address: String, at time: Timestamp)
    -> Int64?
  {
    let now = time.secondsSince1970
    let name = Self.key(of: name)
    let waits = [
      Self.wait(&names, name, limit: Self.nameLimit, now: now),
      Self.wait(&addresses, address, limit: Self.addressLimit, now: now),
    ].compactMap { $0 }
    return waits.max()
  }

  /// Counts an attempt to sign `name` in, before its password is checked: attempts made at
  /// once cannot pass a name's limit together. A success takes it back
  /// (``recordSuccess(name:)``).
  mutating func recordAttempt(name: String, at time: Timestamp) {
    Self.record(&names, Self.key(of: name), now: time.secondsSince1970)
  }

  /// Counts a wrong password from `address`.
  mutating func recordFailure(from address: String, at time: Timestamp) {
    Self.record(&addresses, address, now: time.secondsSince1970)
  }

  /// How many seconds `address` must wait before it may sign in, or `nil`: checked again once a
  /// password proved right, so that a burst of attempts admitted together cannot sign in past
  /// the address's limit, while many learners signing in at once from one address (a class
  /// behind one router) go through, since only failures count there.
  mutating func waitBeforeSigningIn(from address: String, at time: Timestamp) -> Int64? {
    Self.wait(&addresses, address, limit: Self.addressLimit, now: time.secondsSince1970)
  }

  /// Forgets the failures and attempts of `name` once its password was given.
  mutating func recordSuccess(name: String) {
    names[Self.key(of: name)] = nil
  }

  /// Names are compared as the accounts compare them: without surrounding spaces.
  private static func key(of name: String) -> String { name.trimmingWhitespace() }

  private static func wait(
    _ failures: inout [String: [Int64]], _ key: String, limit: Int, now: Int64
  ) -> Int64? {
    guard var times = failures[key] else { return nil }
    times.removeAll { $0 <= now - window }
    failures[key] = times.isEmpty ? nil : times
    guard times.count >= limit else { return nil }
    return times[times.count - limit] + window - now
  }

  private static func record(_ failures: inout [String: [Int64]], _ key: String, now: Int64) {
    if failures[key] == nil, failures.count >= trackedLimit {
      // The entry whose last failure is oldest goes: it is the nearest to expiring anyway.
      if let oldest = failures.min(by: { ($0.value.last ?? 0) < ($1.value.last ?? 0) })?.key {
        failures[oldest] = nil
      }
    }
    var times = failures[key, default: []]
    times.removeAll { $0 <= now - window }
    times.append(now)
    // Only the last `limit` failures matter; more would let one key hold unbounded memory.
    failures[key] = Array(times.suffix(max(nameLimit, addressLimit)))
  }
}
