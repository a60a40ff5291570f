import StoreCore
import Wordbook

/// A hot standby of the service's database (PostgreSQL's streaming replication) that answers
/// some of its reads, so that they cost the primary nothing but one index lookup.
///
/// A read goes to the standby only when it has replayed the user's newest journal row on the
/// primary, asked for in order with the service's other calls: the standby's answer is then at
/// least as new as the primary's would have been when the read was made, so a page never
/// shows less than its own writes. A standby that is behind, fails, or cannot be reached leaves
/// the read to the primary; one that cannot be reached is left alone for
/// ``retryInterval``, shared by every service of the process on the same standby, so that
/// a standby gone away costs a failed connection every few seconds, not one per read.
package final class PostgresReplica: Sendable {
  /// What becomes of a standby the process reads from: what `serve` tells its owner.
  package enum Event: Equatable, Sendable {
    /// The standby failed (it cannot be reached, or refused a read), so reads go to the
    /// primary until it answers again.
    case unavailable(location: String, error: WordServiceError)
    /// The standby answers again after failing.
    case answering(location: String)
  }

  /// How long reads leave a standby alone after it could not be reached.
  static let retryInterval = Duration.seconds(10)

  /// What each standby of the process has come to, by URL: a handful of entries at most, one
  /// per `--replica` the process was given.
  private static let health = Locked<[String: Health]>([:])
  /// Who hears of a standby failing and answering again.
  private static let observer = Locked<(@Sendable (Event) -> Void)?>(nil)

  private struct Health: Sendable {
    /// Until when reads leave the standby alone.
    var unusableUntil: ContinuousClock.Instant?
    /// Whether the last read the standby was asked for failed.
    var isFailing = false
  }

  /// The reads, side by side, on the process's connections to the standby.
  let database: PostgresDatabase
  private let url: String

  /// - Parameter url: The standby's URL.
  init(url: String) {
    self.url = url
    database = PostgresDatabase(url: url, isInOrder: false)
  }

  /// Calls `observer` on each standby failing or answering again, from any thread, in place of
  /// the observer before; `nil` stops.
  package static func observe(_ observer: (@Sendable (Event) -> Void)?) {
    Self.observer.withLock { $0 = observer }
  }

  /// The database at `url` as errors name it: its URL without its password.
  package static func location(of url: String) -> String {
    PostgresLocation(url: url).shown
  }

  /// Whether reads may try the standby now.
  var isWorthTrying: Bool {
    Self.health.withLock { health in
      guard let until = health[url]?.unusableUntil else { return true }
      return ContinuousClock.now >= until
    }
  }

  /// Notes that the standby answered a read.
  func answered() {
    let recovered = Self.health.withLock { health in
      guard health[url]?.isFailing == true else { return false }
      health[url] = Health()
      return true
    }
    if recovered { Self.tell(.answering(location: database.location)) }
  }

  /// Notes that the standby failed a read with `error`; a standby that cannot be reached is
  /// left alone for ``retryInterval``.
  func failed(_ error: WordServiceError) {
    let isNew = Self.health.withLock { health in
      var entry = health[url] ?? Health()
      let wasFailing = entry.isFailing
      entry.isFailing = true
      if error.kind == .unavailable {
        entry.unusableUntil = ContinuousClock.now.advanced(by: Self.retryInterval)
      }
      health[url] = entry
      return !wasFailing
    }
    if isNew { Self.tell(.unavailable(location: database.location, error: error)) }
  }

  private static func tell(_ event: Event) {
    observer.withLock { $0 }?(event)
  }

  /// Checks that the database at `url` is a copy of the one at `primary` (the same PostgreSQL
  /// system identifier, which a standby made with `pg_basebackup` shares), rather than
  /// another cluster whose users' IDs would name other people's wordbooks.
  ///
  /// A standby that cannot be reached is noted as failing (the observer hears of it, and reads
  /// leave it alone for ``retryInterval``); a server that does not let this user read its
  /// control data (`pg_control_system()`) is taken on trust.
  ///
  /// - Returns: Whether the standby is a copy of the primary, or `nil` when either one would
  ///   not say.
  package static func isCopy(at url: String, of primary: String) async -> Bool? {
    func identifier(_ database: PostgresDatabase) async throws(WordServiceError) -> String? {
      try await database.run { connection throws(WordServiceError) -> String? in
        do throws(WordServiceError) {
          return try connection.query(
            "SELECT system_identifier::text FROM pg_control_system()", [], .openDatabase
          ).text(0, 0)
        } catch {
          guard error.kind != .unavailable else { throw error }
          return nil
        }
      }
    }
    let replica = PostgresReplica(url: url)
    let standby: String?
    do throws(WordServiceError) {
      standby = try await identifier(replica.database)
    } catch {
      replica.failed(error)
      return nil
    }
    replica.answered()
    let primaryIdentifier = try? await identifier(PostgresDatabase(url: primary, isInOrder: false))
    guard let standby, let main = primaryIdentifier ?? nil else { return nil }
    return standby == main
  }
}
