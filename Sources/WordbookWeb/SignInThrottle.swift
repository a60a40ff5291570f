import Wordbook

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Slows and limits sign-ins, per user name and per client address, so that guessing
/// passwords takes an attacker years rather than hours.
///
/// A name that failed ``nameLimit`` times in the last ``window`` is closed until the oldest of
/// those failures leaves the window, whichever address tries it; so is an address that failed
/// ``addressLimit`` times, whichever names it tries. An attempt counts against its name when
/// it is admitted, before its password is checked, until it succeeds, so attempts on one name
/// made at once cannot pass its limit together; an address is asked again just before each of
/// its passwords is checked, and ``SignInQueue`` checks one address's passwords one at a time,
/// so every failure is counted before the address's next check, and attempts from one address
/// made at once cannot pass its limit either. Unknown names count like known ones, so a
/// refusal never tells whether a name exists.
///
/// Memory is bounded in bytes, not only in entries: names and addresses are kept as 64-bit
/// keys (a hash seeded anew by each process, so nobody can choose names that share one), an
/// IPv6 address by its /64 network, which one client holds whole; at most ``trackedLimit``
/// names and as many addresses, the oldest forgotten first; and at most a limit's count of
/// times each. So a name of any length costs what a short one does.
struct SignInThrottle: Sendable {
  /// Failures of one name within ``window`` that close it for the rest of the window.
  static let nameLimit = 5
  /// Failures from one address within ``window`` that close it for the rest of the window.
  static let addressLimit = 20
  /// How long a failure counts, in seconds.
  static let window: Int64 = 15 * 60
  /// How many names, and how many addresses, are remembered at most.
  static let trackedLimit = 10_000

  /// The times of each name's recent attempts that did not succeed, oldest first.
  private var names: [Int: [Int64]] = [:]
  /// The times of each address's recent failures, oldest first.
  private var addresses: [Int: [Int64]] = [:]

  /// How many names are remembered.
  var trackedNames: Int { names.count }
  /// How many addresses are remembered.
  var trackedAddresses: Int { addresses.count }

  /// How many seconds are left before `name` may be tried from `address`, or `nil` when it may
  /// be tried now, in which case the attempt counts against the name until
  /// ``settle(name:from:succeeded:at:)`` or ``withdraw(name:)``.
  mutating func admit(name: String, from address: String, at time: Timestamp) -> Int64? {
    let now = time.secondsSince1970
    let nameKey = Self.key(ofName: name)
    let times = Self.recent(&names, nameKey, now: now)
    let waits = [
      Self.wait(times, limit: Self.nameLimit, now: now),
      Self.wait(
        Self.recent(&addresses, Self.client(of: address), now: now), limit: Self.addressLimit,
        now: now),
    ].compactMap { $0 }
    if let longest = waits.max() { return longest }
    Self.makeRoom(in: &names, for: nameKey)
    names[nameKey] = times.suffix(Self.nameLimit - 1) + [now]
    return nil
  }

  /// How many seconds are left before `address` may have a password checked, or `nil` when it
  /// may now: asked just before each check, in the address's turn.
  mutating func waitBeforeChecking(from address: String, at time: Timestamp) -> Int64? {
    let now = time.secondsSince1970
    return Self.wait(
      Self.recent(&addresses, Self.client(of: address), now: now), limit: Self.addressLimit,
      now: now)
  }

  /// Records how a checked attempt ended: a success forgets its name's attempts, a wrong
  /// password counts against its address.
  mutating func settle(name: String, from address: String, succeeded: Bool, at time: Timestamp) {
    guard !succeeded else {
      names[Self.key(ofName: name)] = nil
      return
    }
    let addressKey = Self.client(of: address)
    Self.makeRoom(in: &addresses, for: addressKey)
    addresses[addressKey] =
      (addresses[addressKey] ?? []).suffix(Self.addressLimit - 1) + [time.secondsSince1970]
  }

  /// Takes back an admitted attempt whose password was never checked (the server was too
  /// busy, or the address closed meanwhile), as if it had not been made.
  mutating func withdraw(name: String) {
    let nameKey = Self.key(ofName: name)
    names[nameKey]?.removeLast()
    if names[nameKey]?.isEmpty == true { names[nameKey] = nil }
  }

  /// Names are compared as the accounts compare them: without surrounding spaces.
  private static func key(ofName name: String) -> Int {
    var hasher = Hasher()
    hasher.combine(name.trimmingWhitespace())
    return hasher.finalize()
  }

  /// The client an address stands for, as a key: an IPv4 address whole, an IPv6 address by its
  /// /64 network (an IPv4 one mapped into IPv6 as the IPv4 address), anything else as written.
  static func client(of address: String) -> Int {
    var hasher = Hasher()
    var v6 = in6_addr()
    var v4 = in_addr()
    if inet_pton(AF_INET, address, &v4) == 1 {
      hasher.combine(v4.s_addr)
    } else if inet_pton(AF_INET6, address, &v6) == 1 {
      withUnsafeBytes(of: &v6) { bytes in
        let isMapped =
          bytes.prefix(10).allSatisfy { $0 == 0 } && bytes[10] == 0xFF
          && bytes[11] == 0xFF
        let network = isMapped ? bytes.suffix(4) : bytes.prefix(8)
        hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: network))
      }
    } else {
      hasher.combine(address)
    }
    return hasher.finalize()
  }

  /// The times of `table`'s entry for `key` within the window, the entry pruned (or dropped
  /// when none is left).
  private static func recent(_ table: inout [Int: [Int64]], _ key: Int, now: Int64) -> [Int64] {
    guard let times = table[key] else { return [] }
    let recent = times.filter { $0 > now - window }
    table[key] = recent.isEmpty ? nil : recent
    return recent
  }

  /// How long until fewer than `limit` of `times` (oldest first) are in the window, or `nil`.
  private static func wait(_ times: [Int64], limit: Int, now: Int64) -> Int64? {
    guard times.count >= limit else { return nil }
    return times[times.count - limit] + window - now
  }

  /// Forgets one entry of `table` when it is full and lacks `key`: the one whose last time is
  /// oldest, the nearest to expiring anyway.
  private static func makeRoom(in table: inout [Int: [Int64]], for key: Int) {
    guard table[key] == nil, table.count >= trackedLimit else { return }
    var oldest: (key: Int, time: Int64)?
    for (candidate, times) in table where (times.last ?? 0) < oldest?.time ?? .max {
      oldest = (candidate, times.last ?? 0)
    }
    if let oldest { table[oldest.key] = nil }
  }
}
