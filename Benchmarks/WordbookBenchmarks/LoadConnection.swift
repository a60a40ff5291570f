#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One blocking TCP connection to a `wordbook serve` on loopback, for the load scenario's
/// learners: keep-alive requests with their answers, or a page's event stream read event by
/// event. Each belongs to one learner's thread. Answers and events are read byte by byte, a
/// string made only of what is returned: the generator shares the machine with what it
/// measures, so it spends as little of it as it can.
final class LoadConnection {
  private var socket: Int32
  let port: Int
  /// Bytes received; those before `start` have been taken.
  private var buffer: [UInt8] = []
  private var start = 0
  /// Where `recv` writes, made once.
  private var chunk = [UInt8](repeating: 0, count: 65_536)

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
    let count = recv(socket, &chunk, chunk.count, 0)
    if count < 0, errno == EINTR { return nil }
    guard count > 0 else { return false }
    if start > 0 {
      buffer.removeFirst(start)
      start = 0
    }
    buffer += chunk[0..<count]
    return true
  }

  /// The status of the answer to the request just sent, the cookie it sets (`name=value`, the
  /// first when it sets several), where it sends the browser, in how many seconds to try
  /// again, and its body (which says why, in a refusal); `nil` when the connection failed or no
  /// answer came by `deadline` (wall nanoseconds).
  func answerHead(by deadline: UInt64) -> (
    status: Int, cookie: String?, location: String?, retryAfter: Int?, body: String
  )? {
    while true {
      if let end = find([13, 10, 13, 10]) {
        var fields: [(name: String, value: String)] = []
        var status: Int?
        var lineStart = start
        while lineStart < end {
          let lineEnd = find([13, 10], from: lineStart) ?? end
          let line = buffer[lineStart..<lineEnd]
          if lineStart == start {
            // "HTTP/1.1 200 OK": the three digits after the first space.
            if let space = line.firstIndex(of: 32), space + 4 <= lineEnd {
              status = Self.integer(buffer[(space + 1)..<(space + 4)])
            }
          } else if let colon = line.firstIndex(of: 58) {
            let name = String(decoding: buffer[lineStart..<colon], as: UTF8.self).lowercased()
            let value = buffer[(colon + 1)..<lineEnd].drop { $0 == 32 }
            fields.append((name, String(decoding: value, as: UTF8.self)))
          }
          lineStart = lineEnd + 2
        }
        let value = { (name: String) in fields.first { $0.name == name }?.value }
        let length = value("content-length").flatMap { Int($0) } ?? 0
        if buffer.count >= end + 4 + length {
          start = end + 4 + length
          guard let status else { return nil }
          return (
            status, value("set-cookie").map { String($0.prefix { $0 != ";" }) },
            value("location"), value("retry-after").flatMap { Int($0) },
            String(decoding: buffer[(end + 4)..<start], as: UTF8.self)
          )
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
      if buffer[start...].starts(with: Array("HTTP/".utf8)) {
        if let end = find([13, 10, 13, 10]) {
          start = end + 4
          continue
        }
      } else if let end = find([10, 10]) {
        var name: String?
        var data = ""
        var lineStart = start
        while lineStart < end {
          let lineEnd = find([10], from: lineStart) ?? end
          let line = buffer[lineStart..<min(lineEnd, end)]
          if line.starts(with: Self.eventPrefix) {
            name = String(decoding: line.dropFirst(Self.eventPrefix.count), as: UTF8.self)
          } else if line.starts(with: Self.dataPrefix) {
            data = String(decoding: line.dropFirst(Self.dataPrefix.count), as: UTF8.self)
          }
          lineStart = lineEnd + 1
        }
        start = end + 2
        if let name, !name.isEmpty { return (name, data) }
        continue
      }
      guard wallNow() < deadline else { return nil }
      if fill(within: Self.milliseconds(until: deadline)) == false { return nil }
    }
  }

  private static let eventPrefix = Array("event: ".utf8)
  private static let dataPrefix = Array("data: ".utf8)

  /// The decimal number `digits` spell, or `nil`.
  private static func integer(_ digits: ArraySlice<UInt8>) -> Int? {
    guard !digits.isEmpty, digits.allSatisfy({ (48...57).contains($0) }) else { return nil }
    return digits.reduce(0) { $0 * 10 + Int($1 - 48) }
  }

  private static func milliseconds(until deadline: UInt64) -> Int32 {
    let now = wallNow()
    return deadline > now ? Int32(min((deadline - now) / 1_000_000 + 1, 1_000)) : 0
  }

  /// Where `needle` first starts in the bytes not yet taken, from `from` on.
  private func find(_ needle: [UInt8], from: Int? = nil) -> Int? {
    buffer.withUnsafeBufferPointer { bytes in
      var index = from ?? start
      while index + needle.count <= bytes.count {
        if bytes[index] == needle[0] {
          var matches = true
          for offset in 1..<needle.count where bytes[index + offset] != needle[offset] {
            matches = false
            break
          }
          if matches { return index }
        }
        index += 1
      }
      return nil
    }
  }
}
