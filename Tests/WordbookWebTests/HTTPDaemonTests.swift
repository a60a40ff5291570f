import Foundation
import Testing
import WordbookWeb

#if canImport(Glibc)
  import Glibc
#endif

/// Connections from a program without the token, over real loopback sockets: on loopback it
/// shares 127.0.0.1 with the learner's browser, so only an event loop, a deadline and a budget
/// that such connections cannot fill keep the learner served.
@Suite(.enabled(if: WebTestEnvironment.hasLibrary, WebTestEnvironment.libraryReason))
@MainActor
struct HTTPDaemonTests {
  @Test func aLearnerIsAnsweredWhileFiveHundredTokenlessConnectionsAreHeld() async throws {
    // 500 connections are 1,000 descriptors in this process: its client ends and the server's.
    try Self.allowDescriptors(1_200)
    // The deadline has its own test: here it must not close them before the learner's turn,
    // however long a loaded machine (or the thread sanitizer) takes to open 500.
    try await TestLibrary.with(limits: .init(requestDeadline: .seconds(600))) { library in
      var silent: [RawConnection] = []
      var slow: [RawConnection] = []
      defer { for connection in silent + slow { connection.close() } }
      for _ in 0..<250 { silent.append(try await Self.connect(library)) }
      for _ in 0..<250 {
        let connection = try await Self.connect(library)
        try await connection.send("GE")
        slow.append(connection)
      }
      // One more byte of the request line from each slow one, as a slow-loris client sends.
      for connection in slow { try await connection.send("T") }
      let clock = ContinuousClock()
      let started = clock.now
      let page = try await PlainHTTP.send(
        "GET", library.base + "/", headers: ["Cookie": library.cookie])
      let waited = clock.now - started
      // Before the event loop, the learner got no answer at all (PlainHTTP gives up after 10 s).
      #expect(page.status == 200)
      // They were all still open while the learner was served: held, not turned away.
      var open = 0
      for connection in silent + slow where try await !connection.hasEnded() { open += 1 }
      #expect(open == 500)
      print("HTTPDaemonTests: 500 tokenless connections held; learner answered in \(waited)")
    }
  }

  @Test func connectionsWithoutAWholeHeadAreClosedAtTheDeadline() async throws {
    try await TestLibrary.with { library in
      let silent = try RawConnection(port: library.server.port)
      defer { silent.close() }
      let trickling = try RawConnection(port: library.server.port)
      defer { trickling.close() }
      let clock = ContinuousClock()
      let started = clock.now
      // A byte every 100 ms keeps an idle timeout from ever firing; a deadline does not care.
      // The header never ends, so only the deadline can end the connection.
      try await trickling.send("GET \(library.prefix)/ HTTP/1.1\r\nX-Slow: ")
      while clock.now - started < .seconds(60), try await !trickling.hasEnded() {
        try? await trickling.send("a")
        try await Task.sleep(for: .milliseconds(100))
      }
      let trickled = clock.now - started
      // Before the deadline, a byte every 100 ms kept it open for as long as it trickled.
      #expect(try await trickling.hasEnded())
      let silentEnded = try await WebTestEnvironment.waitUntil(timeout: .seconds(30)) {
        try await silent.hasEnded()
      }
      #expect(silentEnded)
      print("HTTPDaemonTests: a trickling connection was closed after \(trickled)")
    }
  }

  @Test func silentConnectionsBeyondTheBudgetPushOutTheOldest() async throws {
    try Self.allowDescriptors(600)
    // A deadline far off: in CI's loaded full suite, opening 200 connections took longer than
    // the default five seconds, and the deadline, not the budget, then closed the newest.
    let limits = WebServerLimits(connections: 100, requestDeadline: .seconds(600))
    try await TestLibrary.with(limits: limits) { library in
      var silent: [RawConnection] = []
      defer { for connection in silent { connection.close() } }
      for _ in 0..<200 { silent.append(try await Self.connect(library)) }
      let page = try await PlainHTTP.send(
        "GET", library.base + "/", headers: ["Cookie": library.cookie])
      #expect(page.status == 200)
      // The newest stay; the oldest made room for them.
      #expect(try await silent.first?.hasEnded() == true)
      #expect(try await silent.last?.hasEnded() == false)
    }
  }

  /// One address other than loopback is one client; a client may hold a quarter of the
  /// connections, so that it cannot crowd out the learner's other devices.
  @Test(.enabled(if: networkAddress != nil, "the machine has no IPv4 address but loopback"))
  func oneAddressOffLoopbackHoldsAtMostAQuarterOfTheConnections() async throws {
    let address = try #require(networkAddress)
    let limits = WebServerLimits(connections: 40, requestDeadline: .seconds(60))
    try await TestLibrary.with(host: "0.0.0.0", limits: limits) { library in
      var connections: [RawConnection] = []
      defer { for connection in connections { connection.close() } }
      for _ in 0..<20 {
        connections.append(
          try await RawConnection(
            host: address, port: library.server.port, waitingAtMost: .seconds(3)))
      }
      var ended = 0
      let tenCut = try await WebTestEnvironment.waitUntil(timeout: .seconds(30)) {
        ended = 0
        for connection in connections where try await connection.hasEnded() { ended += 1 }
        return ended >= 10
      }
      #expect(tenCut)
      #expect(ended == 10)
      #expect(try await connections.first?.hasEnded() == false)
      let page = try await PlainHTTP.send(
        "GET", library.base + "/", headers: ["Cookie": library.cookie])
      #expect(page.status == 200)
    }
  }

  /// A connection that the server must take within a few seconds.
  private static func connect(_ library: TestLibrary) async throws -> RawConnection {
    try await RawConnection(port: library.server.port, waitingAtMost: .seconds(3))
  }

  /// Raises this process's soft descriptor limit to at least `count`, within its hard limit.
  private static func allowDescriptors(_ count: rlim_t) throws {
    var limit = rlimit()
    try #require(getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0)
    guard limit.rlim_cur < count else { return }
    try #require(limit.rlim_max >= count, "the hard descriptor limit is \(limit.rlim_max)")
    limit.rlim_cur = count
    try #require(setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0)
  }
}

extension RawConnection {
  /// Whether the server has closed the connection, from what has arrived by now.
  func hasEnded() async throws -> Bool {
    _ = try await read(timeout: .zero) { _ in false }
    return isAtEnd
  }
}

/// This machine's first IPv4 address other than loopback, if it has one: connections from it
/// come from an address the server counts apart from 127.0.0.1.
private let networkAddress: String? = {
  var first: UnsafeMutablePointer<ifaddrs>?
  guard getifaddrs(&first) == 0 else { return nil }
  defer { freeifaddrs(first) }
  var entry = first
  while let current = entry {
    defer { entry = current.pointee.ifa_next }
    guard let address = current.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
      current.pointee.ifa_flags & UInt32(IFF_UP) != 0
    else { continue }
    let ip = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
    guard UInt32(bigEndian: ip.s_addr) >> 24 != 127 else { continue }
    return String(cString: inet_ntoa(ip))
  }
  return nil
}()
