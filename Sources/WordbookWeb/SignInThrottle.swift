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
/// ``addressLimit`` times, whichever names it tries. Every attempt is counted before its
/// password is checked, against its name until it succeeds and against its address while it
/// is checked, so that attempts made at once cannot pass either limit together: an address
/// with as many attempts being checked as it has failures left is told to wait a moment.
/// Unknown names count like known ones, so a refusal never tells whether a name exists.
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

  /// What becomes of an attempt to sign in.
  enum Verdict: Equatable, Sendable {
    /// It may be checked; it is counted until ``SignInThrottle/settle(name:from:succeeded:at:)``.
    case admitted
    /// The name or the address is closed for this many seconds.
    case closed(seconds: Int64)
    /// The address has as many attempts being checked as it has failures left: it may try
    /// again once they are.
    case busy
  }

  /// An address's recent failures, oldest first, and its attempts being checked.
  private struct Address: Sendable {
    var failures: [Int64] = []
    var checking = 0
  }

  /// The times of each name's recent attempts that did not succeed, oldest first.
  private var names: [Int: [Int64]] = [:]
  private var addresses: [Int: Address] = [:]

  /// How many names are remembered.
  var trackedNames: Int { names.count }
  /// How many addresses are remembered.
  var trackedAddresses: Int { addresses.count }

  /// Decides whether `name` may be tried from `address` now, and counts it when it may.
  mutating func admit(name: String, from address: String, at time: Timestamp) -> Verdict {
    let now = time.secondsSince1970
    let nameKey = Self.key(ofName: name)
    let addressKey = Self.client(of: address)
    if let times = names[nameKey] {
      let recent = times.filter { $0 > now - Self.window }
      names[nameKey] = recent.isEmpty ? nil : recent
    }
    var known = addresses[addressKey] ?? Address()
    known.failures.removeAll { $0 <= now - Self.window }
    let waits = [
      Self.wait(names[nameKey] ?? [], limit: Self.nameLimit, now: now),
      Self.wait(known.failures, limit: Self.addressLimit, now: now),
    ].compactMap { $0 }
    if let longest = waits.max() { return .closed(seconds: longest) }
    guard known.failures.count + known.checking < Self.addressLimit else { return .busy }
    Self.makeRoom(in: &names, for: nameKey) { $0.last ?? 0 }
    names[nameKey] = (names[nameKey] ?? []).suffix(Self.nameLimit - 1) + [now]
    Self.makeRoom(in: &addresses, for: addressKey) {
      $0.checking == 0 ? $0.failures.last ?? 0 : nil
    }
    known.checking += 1
    addresses[addressKey] = known
    return .admitted
  }

  /// Records how an admitted attempt ended: a success forgets its name's attempts, a wrong
  /// password counts against its address.
  mutating func settle(name: String, from address: String, succeeded: Bool, at time: Timestamp) {
    let addressKey = Self.client(of: address)
    guard var known = addresses[addressKey] else { return }
    known.checking -= 1
    if succeeded {
      names[Self.key(ofName: name)] = nil
    } else {
      known.failures.append(time.secondsSince1970)
      known.failures.removeFirst(max(0, known.failures.count - Self.addressLimit))
    }
    addresses[addressKey] = known.checking == 0 && known.failures.isEmpty ? nil : known
  }

  /// Takes back an admitted attempt that was never checked (the server was too busy), as if
  /// it had not been made.
  mutating func withdraw(name: String, from address: String) {
    let addressKey = Self.client(of: address)
    addresses[addressKey]?.checking -= 1
    if addresses[addressKey].map({ $0.checking == 0 && $0.failures.isEmpty }) == true {
      addresses[addressKey] = nil
    }
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

  /// How long until fewer than `limit` of `times` (oldest first) are in the window, or `nil`.
  private static func wait(_ times: [Int64], limit: Int, now: Int64) -> Int64? {
    guard times.count >= limit else { return nil }
    return times[times.count - limit] + window - now
  }

  /// Forgets one entry of `table` when it is full and lacks `key`: the one whose last time is
  /// oldest, the nearest to expiring anyway, among those `lastTime` gives a time (an address
  /// whose attempts are being checked has none, and stays).
  private static func makeRoom<Value>(
    in table: inout [Int: Value], for key: Int, lastTime: (Value) -> Int64?
  ) {
    guard table[key] == nil, table.count >= trackedLimit else { return }
    var oldest: (key: Int, time: Int64)?
    for (candidate, value) in table {
      guard let time = lastTime(value), time < oldest?.time ?? .max else { continue }
      oldest = (candidate, time)
    }
    if let oldest { table[oldest.key] = nil }
  }
}
