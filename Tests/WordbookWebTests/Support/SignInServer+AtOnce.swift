import Foundation
import Testing

/// Many sign-ins sent at once, each on a connection of its own, as a hostile client sends them:
/// URLSession would queue them a few per host.
extension SignInServer {
  /// One answer to a sign-in sent at once with others.
  struct RawAnswer: Sendable {
    /// Which of the attempts it answers.
    var attempt: Int
    var status: Int
    /// The answer's head, its status line and headers.
    var head: String
    var body: String
    /// When it was read, to within the reading's polls (20 ms).
    var arrived: ContinuousClock.Instant

    /// A header's value, by its name in any case.
    func header(_ name: String) -> String? {
      for line in head.split(separator: "\r\n").dropFirst() {
        let parts = line.split(separator: ":", maxSplits: 1)
        if parts.count == 2, parts[0].lowercased() == name.lowercased() {
          return parts[1].trimmingCharacters(in: .whitespaces)
        }
      }
      return nil
    }
  }

  /// Posts the sign-in form for each of `attempts` at once from `source` (a loopback address)
  /// and returns the answers in the order they arrived; `whenFirstAnswered` is called once, when
  /// the first answer has arrived, and must not wait.
  func signInAtOnce(
    _ attempts: [(name: String, password: String)], from source: String = "127.0.0.1",
    whenFirstAnswered: (() -> Void)? = nil
  ) async throws -> [RawAnswer] {
    var connections: [RawConnection] = []
    defer { for connection in connections { connection.close() } }
    for (name, password) in attempts {
      let connection = try await RawConnection(
        port: server.port, from: source, waitingAtMost: .seconds(30))
      connections.append(connection)
      let body = "name=\(Self.formEncoded(name))&password=\(Self.formEncoded(password))"
      try await connection.send(
        RawConnection.head(
          "POST", "/login",
          headers: [
            ("Host", "127.0.0.1:\(server.port)"), ("Origin", origin),
            ("Content-Type", "application/x-www-form-urlencoded"),
            ("Content-Length", "\(body.utf8.count)"),
          ]) + body)
    }
    var answers: [RawAnswer] = []
    var waiting = Set(connections.indices)
    var pending = whenFirstAnswered
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(600)
    while !waiting.isEmpty, clock.now < deadline {
      for index in waiting.sorted() where connections[index].readArrived() {
        waiting.remove(index)
        let text = connections[index].text
        let parts = text.components(separatedBy: "\r\n\r\n")
        let status = Int(parts[0].split(separator: " ").dropFirst().first ?? "") ?? 0
        answers.append(
          RawAnswer(
            attempt: index, status: status, head: parts[0],
            body: parts.dropFirst().joined(separator: "\r\n\r\n"), arrived: clock.now))
      }
      if !answers.isEmpty, let call = pending {
        pending = nil
        call()
      }
      if !waiting.isEmpty { try await Task.sleep(for: .milliseconds(20)) }
    }
    #expect(waiting.isEmpty, "\(waiting.count) sign-ins were never answered")
    return answers
  }
}
