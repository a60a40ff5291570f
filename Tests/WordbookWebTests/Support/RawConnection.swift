import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// One TCP connection to the server over loopback, byte by byte, for what URLSession cannot
/// do: stop in the middle of a request, leave without reading the answer, or hold an event
/// stream open while other requests go on.
///
/// The socket is non-blocking and every wait is a bounded poll that suspends between tries,
/// so the main actor, which the server needs to answer, stays free.
@MainActor
final class RawConnection {
  private var socket: Int32
  /// Every byte received so far.
  private(set) var received: [UInt8] = []
  /// Whether the server has closed its side.
  private(set) var isAtEnd = false

  /// What was received, as text.
  var text: String { String(decoding: received, as: UTF8.self) }

  /// Connects to 127.0.0.1:`port`.
  init(port: UInt16) throws {
    // Close-on-exec: a browser or curl started meanwhile must not inherit it, or closing it
    // here would not close the connection.
    socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    try #require(socket >= 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr = in_addr(s_addr: inet_addr("127.0.0.1"))
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      Glibc.close(socket)
      throw RawConnectionError(message: "cannot connect to port \(port): errno \(errno)")
    }
    _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
  }

  /// Connects to `host` (an IPv4 address) and `port`, waiting at most `timeout` for the server
  /// to take the connection: a server that stops accepting leaves a connect waiting minutes
  /// otherwise.
  ///
  /// - Parameter source: The loopback address to connect from (`127.0.0.2`), as another client
  ///   of the server would; `nil` for the system's choice.
  init(
    host: String = "127.0.0.1", port: UInt16, from source: String? = nil,
    waitingAtMost timeout: Duration
  ) async throws {
    // Close-on-exec: a browser or curl started meanwhile must not inherit it, or closing it
    // here would not close the connection.
    socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    try #require(socket >= 0)
    _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
    if let source {
      var local = sockaddr_in()
      local.sin_family = sa_family_t(AF_INET)
      local.sin_addr = in_addr(s_addr: inet_addr(source))
      let bound = withUnsafePointer(to: &local) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      guard bound == 0 else {
        Glibc.close(socket)
        throw RawConnectionError(message: "cannot connect from \(source): errno \(errno)")
      }
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr = in_addr(s_addr: inet_addr(host))
    let started = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    let descriptor = socket
    var connected = started == 0
    if !connected, errno == EINPROGRESS {
      connected = try await WebTestEnvironment.waitUntil(timeout: timeout) {
        var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        return poll(&ready, 1, 0) > 0
      }
    }
    var failure: Int32 = 0
    var length = socklen_t(MemoryLayout<Int32>.size)
    getsockopt(socket, SOL_SOCKET, SO_ERROR, &failure, &length)
    guard connected, failure == 0 else {
      Glibc.close(socket)
      throw RawConnectionError(
        message: "cannot connect to port \(port) within \(timeout): errno \(failure)")
    }
  }

  struct RawConnectionError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }

  /// The head of a request: its request line and headers, ending with the empty line.
  static func head(
    _ method: String, _ target: String, version: String = "HTTP/1.0",
    headers: [(String, String)]
  ) -> String {
    "\(method) \(target) \(version)\r\n"
      + headers.map { "\($0.0): \($0.1)\r\n" }.joined() + "\r\n"
  }

  /// Sends `text` whole, waiting boundedly while the socket's buffer is full.
  func send(_ text: String) async throws {
    var bytes = Array(text.utf8)[...]
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(60)
    while !bytes.isEmpty {
      let sent = bytes.withUnsafeBytes {
        Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if sent > 0 {
        bytes = bytes.dropFirst(sent)
      } else if errno == EAGAIN || errno == EWOULDBLOCK, clock.now < deadline {
        try await Task.sleep(for: .milliseconds(10))
      } else {
        throw RawConnectionError(message: "send failed: errno \(errno)")
      }
    }
  }

  /// Reads until what was received satisfies `condition` or the server closes, for at most
  /// `timeout`; returns whether `condition` held.
  func read(
    timeout: Duration = .seconds(60), until condition: (String) -> Bool
  ) async throws -> Bool {
    _ = try await WebTestEnvironment.waitUntil(timeout: timeout) {
      readAvailable()
      return condition(text) || isAtEnd
    }
    return condition(text)
  }

  /// Reads until `pattern` has been received `times` times or the server closes, for at most
  /// `timeout`; returns whether it was. Each poll searches only the bytes that came since the
  /// last, so a stream of megabytes costs what it delivers, not its size at every poll: decoding
  /// or copying all of a 12 MiB stream at each poll kept the main actor, which the server needs,
  /// busy past any deadline in CI's debug build.
  func read(
    timeout: Duration = .seconds(60), untilReceiving pattern: String, times: Int = 1
  ) async throws -> Bool {
    let needle = Array(pattern.utf8)
    var from = 0
    var found = 0
    _ = try await WebTestEnvironment.waitUntil(timeout: timeout) {
      readAvailable()
      while found < times, let hit = Self.firstRange(of: needle, in: received, from: from) {
        found += 1
        from = hit.upperBound
      }
      if found < times { from = max(from, received.count - needle.count + 1) }
      return found >= times || isAtEnd
    }
    return found >= times
  }

  /// Where `needle` first occurs in `haystack` at or after `from`, found by Foundation's search
  /// over the bytes from there on.
  private static func firstRange(of needle: [UInt8], in haystack: [UInt8], from: Int)
    -> Range<Int>?
  {
    guard from < haystack.count else { return nil }
    let tail = Data(haystack[from...])
    guard let hit = tail.range(of: Data(needle)) else { return nil }
    return (from + hit.lowerBound)..<(from + hit.upperBound)
  }

  /// Reads until the server closes the connection, for at most `timeout`.
  func readToEnd(timeout: Duration = .seconds(10)) async throws -> String {
    _ = try await read(timeout: timeout) { _ in false }
    return text
  }

  /// Reads what has arrived, without waiting; returns whether the server has closed its side.
  func readArrived() -> Bool {
    readAvailable()
    return isAtEnd
  }

  /// Closes the connection, whatever has been sent or read; call it once done, as a test's
  /// `defer`.
  func close() {
    guard socket >= 0 else { return }
    Glibc.close(socket)
    socket = -1
  }

  private func readAvailable() {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while socket >= 0 {
      let count = recv(socket, &buffer, buffer.count, 0)
      if count > 0 {
        received += buffer[0..<count]
      } else {
        if count == 0 { isAtEnd = true }
        return
      }
    }
  }
}
