import Foundation
import Testing
import Wordbook
import WordbookTestSupport
import WordbookWeb

/// The page over HTTPS (`serve --tls-cert --tls-key`), which a phone needs for the page's
/// service worker: the address says `https`, the page and its cookie come over TLS with curl
/// trusting the certificate, the cookie is `Secure`, plain HTTP gets nothing, only the
/// `https://` origin may post, and what is not a certificate and its key is refused before the
/// server listens.
@Suite(.enabled(if: WebTestEnvironment.hasLibrary, WebTestEnvironment.libraryReason))
@MainActor
struct TLSServerTests {
  /// A folder with a self-signed certificate for 127.0.0.1 (`cert.pem`, `key.pem`), and a
  /// second key of another certificate (`other-key.pem`).
  private static func certificateFolder() async throws -> String {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("wordbook-tls-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for (key, certificate) in [("key.pem", "cert.pem"), ("other-key.pem", "other-cert.pem")] {
      let made = try await SpawnedCommand.run([
        "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
        "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
        "-keyout", folder + "/" + key, "-out", folder + "/" + certificate,
      ])
      try #require(made.status == 0, "openssl: \(made.error)")
    }
    return folder
  }

  private static func certificate(in folder: String, key: String = "key.pem") throws
    -> TLSCertificate
  {
    try TLSCertificate(
      certificatePEM: String(contentsOfFile: folder + "/cert.pem", encoding: .utf8),
      privateKeyPEM: String(contentsOfFile: folder + "/" + key, encoding: .utf8))
  }

  @Test func thePageComesOverHTTPSWithASecureCookie() async throws {
    let folder = try await Self.certificateFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let server = try WebServer(
      service: InMemoryWordService(), tls: try Self.certificate(in: folder))
    do {
      try await Self.visit(server, trusting: folder + "/cert.pem")
    } catch {
      await server.stop()
      throw error
    }
    await server.stop()
  }

  /// What a browser trusting `certificate` does: opens the address, the page, and posts.
  private static func visit(_ server: WebServer, trusting certificate: String) async throws {
    #expect(server.url.hasPrefix("https://127.0.0.1:\(server.port)/"))
    let curl = [
      "curl", "--silent", "--show-error", "--max-time", "30", "--include",
      "--cacert", certificate,
    ]
    let first = try await SpawnedCommand.run(curl + [server.url])
    #expect(first.output.hasPrefix("HTTP/1.1 303"), "\(first.error)")
    let cookieLine = try #require(
      first.output.split(separator: "\r\n").first { $0.lowercased().hasPrefix("set-cookie:") })
    #expect(cookieLine.hasSuffix("; Secure"))
    let cookie = String(cookieLine.dropFirst("set-cookie: ".count).prefix { $0 != ";" })
    let origin = "https://127.0.0.1:\(server.port)"
    let home = String(try #require(server.url.firstMatch(of: /(\/[0-9a-f]{32}\/)/)).output.1)
    let page = try await SpawnedCommand.run(curl + ["--cookie", cookie, origin + home])
    #expect(page.output.hasPrefix("HTTP/1.1 200"))
    #expect(page.output.contains("manifest.webmanifest"))
    // Plain HTTP on the same port gets no answer at all.
    let plain = try await SpawnedCommand.run(
      ["curl", "--silent", "--max-time", "10", "--include", "http://127.0.0.1:\(server.port)/"])
    #expect(plain.status != 0)
    #expect(!plain.output.contains("HTTP/1.1"))
    // Only the page's own origin, https://, may post.
    let post =
      curl + [
        "--cookie", cookie, "--header", "Content-Type: application/json", "--data", "{}",
      ]
    let forged = try await SpawnedCommand.run(
      post + ["--header", "Origin: http://127.0.0.1:\(server.port)", origin + home + "commands"])
    #expect(forged.output.hasPrefix("HTTP/1.1 403"))
    let own = try await SpawnedCommand.run(
      post + ["--header", "Origin: \(origin)", origin + home + "commands"])
    #expect(!own.output.hasPrefix("HTTP/1.1 403"), "\(own.output)")
  }

  @Test func aKeyOfAnotherCertificateIsRefusedAsTheServerStarts() async throws {
    let folder = try await Self.certificateFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let mismatched = try Self.certificate(in: folder, key: "other-key.pem")
    #expect {
      _ = try WebServer(service: InMemoryWordService(), tls: mismatched)
    } throws: { error in
      (error as? WebServerError) == .invalidCertificate(.refused)
    }
  }

  @Test(arguments: [
    ("", "key"), ("not a certificate", "key"), ("cert", ""), ("key", "cert"),
    ("cert\u{0}", "key"), ("cert", "encrypted"), ("huge", "key"),
  ])
  func whatIsNotACertificateAndItsKeyIsRefused(certificate: String, key: String) {
    let pem = { (label: String) in
      "-----BEGIN \(label)-----\nMIIB\n-----END \(label)-----\n"
    }
    let texts = [
      "cert": pem("CERTIFICATE"), "key": pem("PRIVATE KEY"),
      "encrypted": pem("ENCRYPTED PRIVATE KEY"), "cert\u{0}": pem("CERTIFICATE") + "\u{0}",
      "huge": pem("CERTIFICATE") + String(repeating: "A", count: TLSCertificate.largestPEM),
    ]
    #expect(throws: WebServerError.self) {
      try TLSCertificate(
        certificatePEM: texts[certificate] ?? certificate, privateKeyPEM: texts[key] ?? key)
    }
    #expect(
      (try? TLSCertificate(certificatePEM: pem("CERTIFICATE"), privateKeyPEM: pem("PRIVATE KEY")))
        != nil)
  }
}
