import Dispatch

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The bytes of one server-sent-event stream, written on the main actor and read by
/// libmicrohttpd on the connection's thread.
///
/// Invariant: `state` is only touched under its mutex and `ready` is signalled once per
/// write or close, so a reader that waits on it never misses one.
final class EventStream: Sendable {
  private struct State {
    var pending = Data()
    var isClosed = false
  }

  private let state = Locked(State())
  private let ready = DispatchSemaphore(value: 0)
  private let onRelease: @Sendable () -> Void

  /// How long a reader waits before sending a comment, which keeps proxies from closing an
  /// idle stream and tells the server when the browser has gone: a closed page gives back its
  /// session, one of the few a server allows, within this time.
  static let keepAliveInterval: DispatchTimeInterval = .seconds(5)

  /// Bytes a client may fall behind by before its stream is closed, so that a stalled
  /// browser cannot make the server hold an unbounded queue.
  static let pendingLimit = 4 << 20

  /// Creates a stream; `onRelease` runs once when libmicrohttpd has finished with it.
  init(onRelease: @escaping @Sendable () -> Void) {
    self.onRelease = onRelease
  }

  /// Queues one event named `name` with `data` (one line of JSON).
  func send(_ name: String, data: String) {
    let event = Data("event: \(name)\ndata: \(data)\n\n".utf8)
    let accepted = state.withLock { state -> Bool in
      guard !state.isClosed else { return false }
      if state.pending.count + event.count > Self.pendingLimit {
        state.isClosed = true
        state.pending.removeAll()
      } else {
        state.pending.append(event)
      }
      return true
    }
    if accepted { ready.signal() }
  }

  /// Ends the stream once its queued bytes are read.
  func close() {
    state.withLock { $0.isClosed = true }
    ready.signal()
  }

  /// Copies up to `max` queued bytes into `buffer`, waiting for some; returns -1 at the end.
  func read(into buffer: UnsafeMutablePointer<CChar>, max: Int) -> Int {
    while true {
      let taken = state.withLock { state -> Int in
        let count = min(max, state.pending.count)
        guard count > 0 else { return state.isClosed ? -1 : 0 }
        state.pending.withUnsafeBytes { bytes in
          guard let base = bytes.baseAddress else { return }
          UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: count)
        }
        state.pending.removeFirst(count)
        return count
      }
      if taken != 0 { return taken }
      if ready.wait(timeout: .now() + Self.keepAliveInterval) == .timedOut {
        let comment = Array(":\n\n".utf8CString.dropLast())
        let count = min(max, comment.count)
        for index in 0..<count { buffer[index] = comment[index] }
        return count
      }
    }
  }

  /// Called by libmicrohttpd once it no longer reads the stream.
  func release() {
    close()
    onRelease()
  }
}
