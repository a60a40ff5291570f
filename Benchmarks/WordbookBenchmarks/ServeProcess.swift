#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A release `wordbook serve` on a database, as a child process: its address, its resident
/// memory, and sessions opened over plain HTTP beside the browser's page.
final class ServeProcess {
  private let pid: pid_t
  /// The port it listens on.
  let port: Int
  /// The address it printed, with the token.
  let url: String
  /// The secret token.
  let token: String
  /// The secret folder every URL of the server lies under, such as `/4d6f…` (no slash at the
  /// end).
  let prefix: String

  /// Starts `wordbook --db database serve --port 0` and waits for its address.
  ///
  /// - Throws: ``ChildProcessError`` with what it printed when it ends or prints no address
  ///   within 30 s (as it does without libmicrohttpd).
  init(wordbook: String, database: String, output: String) throws(ChildProcessError) {
    pid = try WebDriverClient.spawn(
      wordbook, ["--db", database, "serve", "--port", "0"], output: output)
    let deadline = wallNow() + 30_000_000_000
    var address: (url: String, port: Int, prefix: String, token: String)?
    var status: Int32 = 0
    while address == nil, wallNow() < deadline, waitpid(pid, &status, WNOHANG) == 0 {
      let printed = readTextFile(output) ?? ""
      address = printed.firstMatch(
        of: /(http:\/\/127\.0\.0\.1:(\d+)(\/[0-9a-f]+)\/\?token=([0-9a-f]+))/
      ).map { (String($0.1), Int($0.2) ?? 0, String($0.3), String($0.4)) }
      if address == nil { usleep(20_000) }
    }
    guard let address else {
      kill(pid, SIGKILL)
      _ = waitpid(pid, &status, 0)
      throw ChildProcessError(
        description: "wordbook serve did not start: \(readTextFile(output) ?? "")")
    }
    (url, port, prefix, token) = address
  }

  /// The server's resident set size (`VmRSS`) in bytes.
  var residentBytes: Int {
    guard let status = readTextFile("/proc/\(pid)/status"),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return 0 }
    return (line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0) * 1024
  }

  /// The CPU time the server has used, user and system, in seconds (`/proc/PID/stat`).
  var cpuSeconds: Double {
    // The fields after the command's name, which is in parentheses and may hold spaces:
    // utime and stime are the 12th and 13th of them, in clock ticks.
    guard let stat = readTextFile("/proc/\(pid)/stat"),
      let end = stat.lastIndex(of: ")")
    else { return 0 }
    let fields = stat[stat.index(after: end)...].split(separator: " ")
    guard fields.count > 12, let user = Double(String(fields[11])),
      let system = Double(String(fields[12]))
    else { return 0 }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
  }

  /// The headers of a request the page itself would send.
  var pageHeaders: [(String, String)] {
    [
      ("Cookie", "wordbook_token=\(token)"), ("Origin", "http://127.0.0.1:\(port)"),
      ("Content-Type", "application/json"),
    ]
  }

  /// Opens a session as a page does, with its event stream held open, and returns the stream
  /// and the session's ID.
  ///
  /// - Throws: ``ChildProcessError`` when no session starts within 30 s.
  func openSession() throws(ChildProcessError) -> (events: LoopbackSocket, id: String) {
    let events = try LoopbackSocket(port: port)
    // HTTP/1.0, so the stream comes unchunked and its events can be read as they are.
    let request =
      "GET \(prefix)/events HTTP/1.0\r\nHost: 127.0.0.1:\(port)\r\n"
      + "Cookie: wordbook_token=\(token)\r\n\r\n"
    try events.send(Array(request.utf8))
    let pattern = /event: session\ndata: \{"id":"([0-9a-f]+)"\}/
    guard events.read(for: 30, until: { $0.text.contains(pattern) }),
      let id = events.text.firstMatch(of: pattern)
    else {
      throw ChildProcessError(description: "no session opened: \(events.text.prefix(300))")
    }
    return (events, String(id.1))
  }

  /// Sends `action` (JSON) to `session`, as the page does.
  ///
  /// - Throws: ``ChildProcessError`` unless the server accepts it.
  func send(_ action: String, to session: String) throws(ChildProcessError) {
    let answer = try LoopbackSocket.exchange(
      port: port, "POST", "\(prefix)/actions?session=\(session)", headers: pageHeaders,
      body: action)
    // Answered once the database has a mark (200), or at once for the rest (202).
    guard answer.status == 200 || answer.status == 202 else {
      throw ChildProcessError(description: "the server refused \(action): \(answer.body)")
    }
  }

  /// Stops the server with SIGINT, as Ctrl-C does, killing it after 10 s.
  func stop() {
    kill(pid, SIGINT)
    ChildProcess.waitOrKill(pid, within: 10_000_000_000)
  }
}
