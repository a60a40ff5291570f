#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One blocking TCP connection to a `wordbook serve` on loopback, for the load scenario's
/// learners: keep-alive requests with their answers, or a page's event stream read event by
/// event. Each belongs to one learner's thread.
final class LoadConnection {
  private var socket: Int32
  let port: Int
  /// Bytes received and not yet taken.
  private var buffer: [UInt8] = []

  /// Connects to 127.0.0.1:`port`, or returns `nil` when nothing listens there.
  init?(port: Int) {
    self.port = port
    guard let socket = connectedLoopbackSocket(port: port) else { return nil }
    self.socket = socket
    var yes: Int32 = 1
    setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
  }

  deinit { close() }

  func close() {
    if socket >= 0 { _ = Glibc.close(socket) }
    socket = -1
  }

  /// Sends `text` whole; `false` when the connection failed.
  func send(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count, socket >= 0 {
      let sent = bytes[offset...].withUnsafeBytes {
        Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if sent < 0, errno == EINTR { continue }
      guard sent > 0 else { return false }
      offset += sent
    }
    return offset == bytes.count
  }

  /// Reads more bytes within `milliseconds`; `false` once the connection has ended or failed.
  private func fill(within milliseconds: Int32) -> Bool? {
    var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
    let ready = poll(&poller, 1, milliseconds)
    if ready == 0 { return nil }
    if ready < 0 { return errno == EINTR ? nil : false }
    var chunk = [UInt8](repeating: 0, count: 65_536)
    let count = recv(socket, &chunk, chunk.count, 0)
    if count < 0, errno == EINTR { return nil }
    guard count > 0 else { return false }
    buffer += chunk[0..<count]
    return true
  }

  /// The status of the answer to the request just sent, the cookie it sets (`name=value`, the
  /// first when it sets several), where it sends the browser and in how many seconds to try
  /// again, its body read and dropped; `nil` when the connection failed or no answer came by
  /// `deadline` (wall nanoseconds).
  func answerHead(by deadline: UInt64) -> (
    status: Int, cookie: String?, location: String?, retryAfter: Int?
  )? {
    while true {
      if let end = Self.find([13, 10, 13, 10], in: buffer) {
        let head = String(decoding: buffer[..<end], as: UTF8.self)
        let fields = head.split(separator: "\r\n").map { $0.split(separator: ":", maxSplits: 1) }
        let length =
          fields.first { $0.count == 2 && $0[0].lowercased() == "content-length" }
          .flatMap { Int($0[1].trimmingPrefix(" ")) } ?? 0
        if buffer.count >= end + 4 + length {
          buffer.removeFirst(end + 4 + length)
          let cookie = fields.first { $0.count == 2 && $0[0].lowercased() == "set-cookie" }
            .map { String($0[1].trimmingPrefix(" ").prefix { $0 != ";" }) }
          let value = { (name: String) in
            fields.first { $0.count == 2 && $0[0].lowercased() == name }
              .map { String($0[1].trimmingPrefix(" ")) }
          }
          guard let status = head.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
          else { return nil }
          return (status, cookie, value("location"), value("retry-after").flatMap { Int($0) })
        }
      }
      guard wallNow() < deadline else { return nil }
      if fill(within: Self.milliseconds(until: deadline)) == false { return nil }
    }
  }

  /// The next server-sent event (its name and its data line), `nil` when the stream ended,
  /// failed or brought nothing by `deadline`.
  func nextEvent(by deadline: UInt64) -> (name: String, data: String)? {
    while true {
      // The answer's head comes first, its lines ended by CR LF.
      if buffer.starts(with: Array("HTTP/".utf8)) {
        if let end = Self.find([13, 10, 13, 10], in: buffer) {
          buffer.removeFirst(end + 4)
          continue
        }
      } else if let end = Self.find([10, 10], in: buffer) {
        let block = String(decoding: buffer[..<end], as: UTF8.self)
        buffer.removeFirst(end + 2)
        var name = ""
        var data = ""
        for line in block.split(separator: "\n") {
          if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
          if line.hasPrefix("data: ") { data = String(line.dropFirst(6)) }
        }
        if !name.isEmpty { return (name, data) }
        continue
      }
      guard wallNow() < deadline else { return nil }
      if fill(within: Self.milliseconds(until: deadline)) == false { return nil }
    }
  }

  private static func milliseconds(until deadline: UInt64) -> Int32 {
    let now = wallNow()
    return deadline > now ? Int32(min((deadline - now) / 1_000_000 + 1, 1_000)) : 0
  }

  private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard haystack.count >= needle.count else { return nil }
    var index = 0
    while index <= haystack.count - needle.count {
      if haystack[index] == needle[0],
        haystack[index..<(index + needle.count)].elementsEqual(needle)
      {
        return index
      }
      index += 1
    }
    return nil
  }
}
