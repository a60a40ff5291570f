import Foundation
import Testing
import WordbookTestSupport

/// The nginx configuration of the PostgreSQL guide (`docs/PostgreSQL.md`), as written there, in
/// front of a server of learners: only its ports, its server's port and its certificate's
/// paths are changed. A learner signs in, opens the page and its event stream, and signs out,
/// all over HTTPS, with curl as the browser.
@Suite(.enabled(if: WebTestEnvironment.hasLibrary, WebTestEnvironment.libraryReason))
@MainActor
struct HTTPSProxyTests {
  static let guide = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("docs/PostgreSQL.md")

  static let nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// The guide's `nginx` sample.
  static func guideConfiguration() throws -> String {
    let text = try String(contentsOf: guide, encoding: .utf8)
    let start = try #require(text.range(of: "```nginx\n"))
    let end = try #require(text.range(of: "\n```", range: start.upperBound..<text.endIndex))
    return String(text[start.upperBound..<end.lowerBound])
  }

  /// Runs `command` and returns its output, requiring it to succeed.
  @discardableResult
  static func run(_ command: [String]) async throws -> String {
    let outcome = try await SpawnedCommand.run(command)
    try #require(outcome.status == 0, "\(command.joined(separator: " ")): \(outcome.error)")
    return outcome.output
  }

  @Test func aLearnerSignsInStudiesAndSignsOutThroughTheGuidesProxy() async throws {
    guard let nginx = Self.nginx else {
      if PostgresTestServer.isRequired { Issue.record("CI installs nginx-light for this test") }
      try Test.cancel("nginx is not installed (apt-get install nginx-light)")
    }
    try await SignInServer.with { server in
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("wordbook-proxy-\(UUID().uuidString)").path
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(atPath: folder) }
      let ports = try LoopbackPorts.free(2)
      let (https, http) = (ports[0], ports[1])
      let origin = "https://wordbook.example:\(https)"
      try await Self.run([
        "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
        "-subj", "/CN=wordbook.example", "-addext", "subjectAltName=DNS:wordbook.example",
        "-keyout", folder + "/key.pem", "-out", folder + "/cert.pem",
      ])
      let site = try Self.guideConfiguration()
        .replacing("https://wordbook.example ", with: origin + " ")
        .replacing("127.0.0.1:8080", with: "127.0.0.1:\(server.server.port)")
        .replacing("listen 443 ssl;", with: "listen 127.0.0.1:\(https) ssl;")
        .replacing("listen 80;", with: "listen 127.0.0.1:\(http);")
        .replacing("/etc/ssl/certs/wordbook.example.pem", with: folder + "/cert.pem")
        .replacing("/etc/ssl/private/wordbook.example.key", with: folder + "/key.pem")
      try site.write(toFile: folder + "/wordbook.conf", atomically: true, encoding: .utf8)
      let temporaryPaths = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
        .map { "\($0)_temp_path \(folder)/\($0);" }.joined(separator: " ")
      try """
      pid \(folder)/nginx.pid;
      worker_processes 1;
      events { worker_connections 64; }
      http { access_log off; \(temporaryPaths) include \(folder)/wordbook.conf; }
      """.write(toFile: folder + "/nginx.conf", atomically: true, encoding: .utf8)
      let control = [
        nginx, "-p", folder, "-e", folder + "/error.log", "-c", folder + "/nginx.conf",
      ]
      try await Self.run(control)
      do {
        try await Self.signInStudyAndSignOut(https: https, http: http, folder: folder)
      } catch {
        _ = try? await SpawnedCommand.run(control + ["-s", "stop"])
        throw error
      }
      try await Self.run(control + ["-s", "stop"])
    }
  }

  /// What a learner does through the proxy listening on `https` and `http`, with curl trusting
  /// the certificate in `folder`.
  static func signInStudyAndSignOut(https: UInt16, http: UInt16, folder: String) async throws {
    let origin = "https://wordbook.example:\(https)"
    let curl = [
      "curl", "--silent", "--show-error", "--max-time", "60", "--include",
      "--cacert", folder + "/cert.pem",
      "--resolve", "wordbook.example:\(https):127.0.0.1",
      "--resolve", "wordbook.example:\(http):127.0.0.1",
    ]
    let plain = try await Self.run(curl + ["http://wordbook.example:\(http)/login"])
    #expect(plain.hasPrefix("HTTP/1.1 301"))
    #expect(plain.contains("Location: https://wordbook.example/login"))

    let form = try await Self.run(curl + [origin + "/login"])
    #expect(form.hasPrefix("HTTP/1.1 200"))
    #expect(form.contains(#"<form id="sign-in" method="post" action="login">"#))

    let post = curl + ["--header", "Content-Type: application/x-www-form-urlencoded"]
    let password = "password=correct+horse"
    let forged = try await Self.run(
      post + ["--header", "Origin: https://evil.example", "--data", "name=mina&\(password)"]
        + [origin + "/login"])
    #expect(forged.hasPrefix("HTTP/1.1 403"))

    let signedIn = try await Self.run(
      post + ["--header", "Origin: \(origin)", "--data", "name=mina&\(password)"]
        + [origin + "/login"])
    #expect(signedIn.hasPrefix("HTTP/1.1 303"))
    let cookieLine = try #require(
      signedIn.split(separator: "\r\n").first { $0.lowercased().hasPrefix("set-cookie:") })
    #expect(cookieLine.contains("; Secure"))
    let cookie = String(cookieLine.dropFirst("set-cookie: ".count).prefix { $0 != ";" })
    let home = String(
      try #require(signedIn.firstMatch(of: /[Ll]ocation: (\/[0-9a-f]{32}\/)/)).output.1)

    let page = try await Self.run(curl + ["--cookie", cookie, origin + home])
    #expect(page.hasPrefix("HTTP/1.1 200"))

    // The stream's first event comes through at once: grep stops at it, and curl at its
    // next keep-alive line.
    let events = try await Self.run(
      [
        "sh", "-c",
        "\"$@\" | grep -m 1 -o '\"user\":\"mina\"'", "sh",
      ] + curl + ["--no-buffer", "--cookie", cookie, origin + home + "events"])
    #expect(events == "\"user\":\"mina\"\n")

    let signedOut = try await Self.run(
      curl + ["--request", "POST", "--header", "Origin: \(origin)", "--cookie", cookie]
        + [origin + home + "logout"])
    #expect(signedOut.hasPrefix("HTTP/1.1 303"))
    let after = try await Self.run(curl + ["--cookie", cookie, origin + home + "events"])
    #expect(after.hasPrefix("HTTP/1.1 401"))
  }
}
