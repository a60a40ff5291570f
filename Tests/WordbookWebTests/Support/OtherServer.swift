import Foundation
import StoreCore
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Another program's server on another port of 127.0.0.1, as any local program may run: it
/// answers every request with a short page and keeps the heads it received.
///
/// It runs on a thread of its own, so that neither the main actor, which the server under test
/// needs, nor a Swift concurrency thread ever waits for a connection.
final class OtherServer: Sendable {
  let port: UInt16
  private let socket: Int32
  private let state = Locked<(heads: [String], isStopped: Bool)>(([], false))
  private let stopped = DispatchSemaphore(value: 0)

  /// Listens on a free port of 127.0.0.1 and starts answering.
  init() throws {
    let socket = Glibc.socket(
      AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    try #require(socket >= 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr = in_addr(s_addr: inet_addr("127.0.0.1"))
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    try #require(bound == 0 && listen(socket, 16) == 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
    }
    self.socket = socket
    port = UInt16(bigEndian: address.sin_port)
    Thread.detachNewThread { [self] in serve() }
  }

  /// Every request head received so far.
  var heads: [String] { state.withLock { $0.heads } }

  /// Stops answering and closes the socket; call it once.
  func stop() {
    state.withLock { $0.isStopped = true }
    stopped.wait()
    close(socket)
  }

  private func serve() {
    while !state.withLock({ $0.isStopped }) {
      var ready = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      guard poll(&ready, 1, 100) > 0 else { continue }
      let connection = accept(socket, nil, nil)
      guard connection >= 0 else { continue }
      var timeout = timeval(tv_sec: 2, tv_usec: 0)
      setsockopt(
        connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
      var head: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 4096)
      while !String(decoding: head, as: UTF8.self).contains("\r\n\r\n") {
        let count = recv(connection, &buffer, buffer.count, 0)
        guard count > 0 else { break }
        head += buffer[0..<count]
      }
      state.withLock { $0.heads.append(String(decoding: head, as: UTF8.self)) }
      let answer = Array(
        "HTTP/1.0 200 OK\r\nContent-Type: text/html\r\nConnection: close\r\n\r\nanother server"
          .utf8)
      _ = answer.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      close(connection)
    }
    stopped.signal()
  }
}
