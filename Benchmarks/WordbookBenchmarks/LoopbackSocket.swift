#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A TCP connection to a port on 127.0.0.1, for the HTTP the web scenario speaks to
/// chromedriver and to `wordbook serve`: one request per connection, or an event stream held
/// open and read as it grows.
final class LoopbackSocket {
  private var socket: Int32
  /// Every byte received so far.
  private(set) var received: [UInt8] = []
  /// Whether the other side has closed.
  private(set) var isAtEnd = false

  /// What was received, as text.
  var text: String { String(decoding: received, as: UTF8.self) }

  /// Connects to 127.0.0.1:`port`.
  ///
  /// - Throws: ``ChildProcessError`` when the connection is refused.
  init(port: Int) throws(ChildProcessError) {
    guard let socket = connectedLoopbackSocket(port: port) else {
      let reason = String(cString: strerror(errno))
      throw ChildProcessError(description: "cannot connect to port \(port): \(reason)")
    }
    self.socket = socket
  }

  /// Sends `bytes` whole.
  func send(_ bytes: [UInt8]) throws(ChildProcessError) {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes {
        write(socket, $0.baseAddress, $0.count)
      }
      if sent < 0, errno == EINTR { continue }
      guard sent > 0 else {
        throw ChildProcessError(description: "a write to a socket failed: errno \(errno)")
      }
      offset += sent
    }
  }

  /// Reads until `condition` holds for what was received, the other side closes or
  /// `seconds` pass; returns whether `condition` held.
  func read(for seconds: Double, until condition: (LoopbackSocket) -> Bool) -> Bool {
    let deadline = wallNow() + UInt64(seconds * 1e9)
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while !condition(self), !isAtEnd, socket >= 0 {
      let now = wallNow()
      guard now < deadline else { break }
      var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      let left = Int32(min((deadline - now) / 1_000_000 + 1, 1_000))
      guard poll(&poller, 1, left) > 0 else { continue }
      let count = recv(socket, &buffer, buffer.count, 0)
      if count < 0, errno == EINTR { continue }
      if count <= 0 {
        isAtEnd = true
      } else {
        received += buffer[0..<count]
      }
    }
    return condition(self)
  }

  /// Closes the connection.
  func close() {
    guard socket >= 0 else { return }
    #if canImport(Glibc)
      _ = Glibc.close(socket)
    #else
      _ = Darwin.close(socket)
    #endif
    socket = -1
  }

  deinit {
    close()
  }

  /// One HTTP/1.1 exchange on a new connection: the status and body of the answer, read as far
  /// as its `Content-Length` says, or to the end.
  ///
  /// - Throws: ``ChildProcessError`` when the connection fails or no answer comes within
  ///   `seconds`.
  static func exchange(
    port: Int, _ method: String, _ path: String, headers: [(String, String)] = [],
    body: String = "", seconds: Double = 120
  ) throws(ChildProcessError) -> (status: Int, body: String) {
    let connection = try LoopbackSocket(port: port)
    defer { connection.close() }
    var fields: [(String, String)] = [
      ("Host", "127.0.0.1:\(port)"), ("Connection", "close"),
      ("Content-Length", "\(body.utf8.count)"),
    ]
    fields.append(contentsOf: headers)
    let lines: String = fields.map { "\($0.0): \($0.1)\r\n" }.joined()
    let request = "\(method) \(path) HTTP/1.1\r\n\(lines)\r\n\(body)"
    try connection.send(Array(request.utf8))
    var answer: (status: Int, body: String)?
    _ = connection.read(for: seconds) { socket in
      answer = socket.completeAnswer()
      return answer != nil
    }
    guard let answer = answer ?? (connection.isAtEnd ? connection.completeAnswer(atEnd: true) : nil)
    else {
      throw ChildProcessError(description: "no answer to \(method) \(path) on port \(port)")
    }
    return answer
  }

  /// The status and body once the received bytes hold a whole answer, else `nil`.
  private func completeAnswer(atEnd: Bool = false) -> (status: Int, body: String)? {
    let bytes = received
    guard
      let split = (0..<max(bytes.count - 3, 0)).first(where: {
        bytes[$0] == 13 && bytes[$0 + 1] == 10 && bytes[$0 + 2] == 13 && bytes[$0 + 3] == 10
      })
    else { return nil }
    let head = String(decoding: bytes[..<split], as: UTF8.self)
    let body = bytes[(split + 4)...]
    let status = head.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    let length = head.split(separator: "\r\n").lazy
      .compactMap { line -> Int? in
        let parts = line.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
        return Int(parts[1].trimmingPrefix(" "))
      }
      .first
    if let length, body.count >= length {
      return (status, String(decoding: body.prefix(length), as: UTF8.self))
    }
    return atEnd ? (status, String(decoding: body, as: UTF8.self)) : nil
  }
}

/// A new TCP socket connected to 127.0.0.1:`port`, or `nil` with `errno` saying why. It is
/// closed on exec, so no browser or server the benchmarks start meanwhile inherits it.
func connectedLoopbackSocket(port: Int) -> Int32? {
  #if canImport(Glibc)
    let socket = Glibc.socket(
      AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
  #else
    let socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
  #endif
  guard socket >= 0 else { return nil }
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = UInt16(port).bigEndian
  address.sin_addr = in_addr(s_addr: inet_addr("127.0.0.1"))
  let connected = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
    }
  }
  guard connected == 0 else {
    let reason = errno
    close(socket)
    errno = reason
    return nil
  }
  return socket
}
