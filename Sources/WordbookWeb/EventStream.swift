import CMicroHTTPD
import Dispatch
import StoreCore
import Wordbook

/// The bytes of one server-sent-event stream, written on the main actor and read by
/// libmicrohttpd on its polling thread.
///
/// The reader never waits: with nothing to send it suspends the connection, which a write, the
/// end of the stream or the next keep-alive resumes, so an open page holds no thread.
///
/// Invariant: `state` is only touched under its mutex, and the connection is suspended exactly
/// while `isSuspended` is true; both the suspension (in ``read(into:max:)``) and every resume
/// happen under the mutex, so a resume never comes before its suspension, and a connection is
/// never resumed after libmicrohttpd has released the stream.
final class EventStream: Sendable {
  private struct State {
    /// Queued bytes; those before `readIndex` have been read.
    var pending: [UInt8] = []
    var readIndex = 0
    var isClosed = false
    /// libmicrohttpd's connection, as an address so that the state stays `Sendable`; zero
    /// before the response is queued and after it is released.
    var connection: UInt = 0
    var isSuspended = false
    var lastWrite = DispatchTime.now()
    /// Whether a wake is on its way: a stream has one at a time, not one per event it sent.
    var isWakeScheduled = false

    var unread: Int { pending.count - readIndex }
  }

  private let state = Locked(State())
  private let onRelease: @Sendable () -> Void

  /// How long a stream stays quiet before a comment, which keeps proxies from closing an
  /// idle stream and tells the server when the browser has gone: a closed page gives back its
  /// session, one of the few a server allows, within twice this time.
  static let keepAliveInterval: DispatchTimeInterval = .seconds(5)

  /// Bytes a client may fall behind by before its stream is closed, so that a stalled
  /// browser cannot make the server hold an unbounded queue. The limit is checked before an
  /// event is queued, so one event of any size (a card of 1 MiB of term and 1 MiB of meaning
  /// is at most 12 MiB of escaped JSON) always goes out to a page that keeps up.
  static let pendingLimit = 32 << 20

  /// Creates a stream; `onRelease` runs once when libmicrohttpd has finished with it.
  init(onRelease: @escaping @Sendable () -> Void) {
    self.onRelease = onRelease
  }

  /// Queues one event named `name` with `data` (one line of JSON).
  func send(_ name: String, data: String) {
    state.withLock { state in
      guard !state.isClosed else { return }
      if state.unread > Self.pendingLimit {
        state.isClosed = true
        state.pending = []
        state.readIndex = 0
      } else {
        if state.readIndex > 0 {
          state.pending.removeFirst(state.readIndex)
          state.readIndex = 0
        }
        state.pending.append(contentsOf: "event: \(name)\ndata: \(data)\n\n".utf8)
      }
      Self.resume(&state)
    }
  }

  /// Ends the stream once its queued bytes are read.
  func close() {
    state.withLock { state in
      state.isClosed = true
      Self.resume(&state)
    }
  }

  /// Tells the stream which connection it is the answer to, before libmicrohttpd first reads.
  func attach(to connection: UnsafeMutableRawPointer) {
    state.withLock { $0.connection = UInt(bitPattern: connection) }
  }

  /// Copies up to `max` queued bytes into `buffer`; returns how many, 0 after suspending the
  /// connection when there are none yet, or -1 at the end.
  func read(into buffer: UnsafeMutablePointer<CChar>, max: Int) -> Int {
    let (count, wakeAt) = state.withLock { state -> (Int, DispatchTime?) in
      let now = DispatchTime.now()
      if state.unread > 0 {
        let count = min(max, state.unread)
        state.pending.withUnsafeBytes { bytes in
          guard let base = bytes.baseAddress else { return }
          UnsafeMutableRawPointer(buffer).copyMemory(
            from: base + state.readIndex, byteCount: count)
        }
        state.readIndex += count
        if state.readIndex == state.pending.count {
          state.pending = []
          state.readIndex = 0
        }
        state.lastWrite = now
        return (count, nil)
      }
      if state.isClosed { return (-1, nil) }
      let keepAliveAt = state.lastWrite + Self.keepAliveInterval
      if now >= keepAliveAt {
        let comment = Array(":\n\n".utf8)
        let count = min(max, comment.count)
        for index in 0..<count { buffer[index] = CChar(bitPattern: comment[index]) }
        state.lastWrite = now
        return (count, nil)
      }
      guard let connection = UnsafeMutableRawPointer(bitPattern: state.connection) else {
        return (-1, nil)
      }
      wb_http_suspend(connection)
      state.isSuspended = true
      guard !state.isWakeScheduled else { return (0, nil) }
      state.isWakeScheduled = true
      return (0, keepAliveAt)
    }
    if let wakeAt {
      DispatchQueue.global().asyncAfter(deadline: wakeAt) { [weak self] in self?.wake() }
    }
    return count
  }

  /// Called by libmicrohttpd once it no longer reads the stream.
  func release() {
    state.withLock { state in
      state.isClosed = true
      state.connection = 0
      state.isSuspended = false
    }
    onRelease()
  }

  /// Lets the reader run again to send a keep-alive once the stream has been quiet for the
  /// interval; a stream that wrote since only moves its wake to the interval after that write,
  /// without waking libmicrohttpd: a busy server's streams, which write all the time, cost it
  /// nothing then.
  private func wake() {
    let later = state.withLock { state -> DispatchTime? in
      let keepAliveAt = state.lastWrite + Self.keepAliveInterval
      if !state.isClosed, DispatchTime.now() < keepAliveAt { return keepAliveAt }
      state.isWakeScheduled = false
      Self.resume(&state)
      return nil
    }
    if let later {
      DispatchQueue.global().asyncAfter(deadline: later) { [weak self] in self?.wake() }
    }
  }

  private static func resume(_ state: inout State) {
    guard state.isSuspended, let connection = UnsafeMutableRawPointer(bitPattern: state.connection)
    else { return }
    state.isSuspended = false
    wb_http_resume(connection)
  }
}
