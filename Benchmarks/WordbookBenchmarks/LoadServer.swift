import Dispatch
// Foundation for `Thread`: each learner's pages block on their sockets on threads of their own.
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A release `wordbook serve` whose learners sign in, for the load scenario: started on a
/// PostgreSQL database with its peer, stopped with SIGTERM or killed with SIGKILL.
final class LoadServer {
  private let pid: pid_t
  let port: Int
  private var isRunning = true

  private init(wordbook: String, database: String, port: Int, peer: Int, output: String) throws {
    pid = try WebDriverClient.spawn(
      wordbook,
      ["--db", database, "serve", "--port", "\(port)", "--peers", "http://127.0.0.1:\(peer)"],
      output: output)
    self.port = port
    let deadline = wallNow() + 60_000_000_000
    var status: Int32 = 0
    while wallNow() < deadline, waitpid(pid, &status, WNOHANG) == 0 {
      if readTextFile(output)?.contains("http://127.0.0.1:\(port)/login") == true { return }
      usleep(20_000)
    }
    Glibc.kill(pid, SIGKILL)
    _ = waitpid(pid, &status, 0)
    throw ChildProcessError(
      description: "wordbook serve did not start: \(readTextFile(output) ?? "")")
  }

  /// Two servers on `database`, each the other's peer, on ports free now.
  static func pair(wordbook: String, database: String, folder: ScratchFolder) throws
    -> [LoadServer]
  {
    let ports = try freePorts(2)
    let first = try LoadServer(
      wordbook: wordbook, database: database, port: ports[0], peer: ports[1],
      output: folder.file("serve-\(ports[0]).txt"))
    do {
      return [
        first,
        try LoadServer(
          wordbook: wordbook, database: database, port: ports[1], peer: ports[0],
          output: folder.file("serve-\(ports[1]).txt")),
      ]
    } catch {
      first.stop()
      throw error
    }
  }

  /// The server's resident set size (`VmRSS`) in bytes.
  /// The CPU seconds the server has used; `nil` once it has exited.
  var cpuSeconds: Double? { ProcessCPU.seconds(of: pid) }

  var residentBytes: Int {
    guard let status = readTextFile("/proc/\(pid)/status"),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return 0 }
    return (line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0) * 1024
  }

  /// Kills the server with SIGKILL, as a crash would.
  func kill() {
    guard isRunning else { return }
    isRunning = false
    Glibc.kill(pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
  }

  /// Stops the server with SIGTERM, killing it when it has not ended within 30 s.
  func stop() {
    guard isRunning else { return }
    isRunning = false
    Glibc.kill(pid, SIGTERM)
    ChildProcess.waitOrKill(pid, within: 30_000_000_000)
  }

  /// Runs `body` for each of `indices` on threads of their own, and returns once all ended.
  static func inThreads(_ indices: Range<Int>, _ body: @escaping @Sendable (Int) -> Void) throws {
    join(indices.map { index in Thread { body(index) } }, starting: true)
  }

  /// Waits until every one of `threads` (started here when `starting`) has finished.
  static func join(_ threads: [Thread], starting: Bool = false) {
    if starting {
      for thread in threads {
        thread.stackSize = 256 << 10
        thread.start()
      }
    }
    while threads.contains(where: { !$0.isFinished }) { usleep(20_000) }
  }

  /// Ports free now on loopback.
  private static func freePorts(_ count: Int) throws -> [Int] {
    var sockets: [Int32] = []
    defer { for socket in sockets { close(socket) } }
    var ports: [Int] = []
    for _ in 0..<count {
      let descriptor = socket(
        AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
      sockets.append(descriptor)
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
        }
      }
      guard bound else { throw ChildProcessError(description: "no free port: errno \(errno)") }
      ports.append(Int(UInt16(bigEndian: address.sin_port)))
    }
    return ports
  }
}
