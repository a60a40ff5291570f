import CMicroHTTPD
import StoreCore
import Wordbook

/// The requests whose answers are being worked out off libmicrohttpd's polling thread: the
/// connection is suspended until its answer is ready, then resumed, and libmicrohttpd hands
/// the request over again, to be answered with what is ready.
///
/// So the polling thread never waits for the main actor, a password check or the database: an
/// answer that takes time holds its own connection and nothing else.
///
/// Invariant: a connection is in `pending` exactly while it is suspended for an answer; it is
/// resumed once, under the lock, either when its answer is ready or when the daemon stops, and
/// is never touched after that, so a late answer for a stopped server is dropped.
final class DeferredAnswers: Sendable {
  private enum Entry {
    /// Suspended, the answer still being made.
    case waiting
    /// Resumed, with the answer to queue when libmicrohttpd calls again.
    case ready(HTTPResponse)
  }

  /// By connection address.
  private let entries = Locked<[UInt: Entry]>([:])
  private let isStopped = Locked(false)

  /// Suspends `connection` and starts `work`; its answer is queued once libmicrohttpd calls
  /// again for the request. Work on the main actor (a page's actions) is started there and
  /// answers from there, without a hop through the cooperative pool on the way in or out.
  func start(
    _ work: @escaping @isolated(any) @Sendable () async -> HTTPResponse,
    on connection: UnsafeMutableRawPointer
  ) {
    let key = UInt(bitPattern: connection)
    entries.withLock { entries in
      entries[key] = .waiting
      wb_http_suspend(connection)
    }
    if work.isolation === MainActor.shared {
      Task { @MainActor in self.finish(key, with: await work()) }
    } else {
      Task { self.finish(key, with: await work()) }
    }
  }

  /// The answer ready for `connection`, if any, which leaves the registry.
  func take(_ connection: UnsafeMutableRawPointer) -> HTTPResponse? {
    entries.withLock { entries in
      let key = UInt(bitPattern: connection)
      guard case .ready(let answer) = entries[key] else { return nil }
      entries[key] = nil
      return answer
    }
  }

  /// Answers every waiting request with `answer` and resumes it, before the daemon stops;
  /// answers that come later are dropped.
  func stop(answering answer: HTTPResponse) {
    entries.withLock { entries in
      for (key, entry) in entries {
        guard case .waiting = entry, let connection = UnsafeMutableRawPointer(bitPattern: key)
        else { continue }
        entries[key] = .ready(answer)
        wb_http_resume(connection)
      }
      isStopped.withLock { $0 = true }
    }
  }

  private func finish(_ key: UInt, with answer: HTTPResponse) {
    entries.withLock { entries in
      guard case .waiting = entries[key], !isStopped.withLock({ $0 }),
        let connection = UnsafeMutableRawPointer(bitPattern: key)
      else { return }
      entries[key] = .ready(answer)
      wb_http_resume(connection)
    }
  }
}
