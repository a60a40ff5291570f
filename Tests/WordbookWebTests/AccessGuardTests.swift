import Foundation
import Testing
import WordbookSQLite
import WordbookWeb

/// The security rules, through plain HTTP requests as any script could send them.
@Suite(.enabled(if: WebTestEnvironment.hasLibrary, WebTestEnvironment.libraryReason))
@MainActor
struct AccessGuardTests {
  @Test func refusesARequestWithoutTheToken() async throws {
    try await TestLibrary.with { library in
      for path in ["/", "/app.js", "/events", "/cards"] {
        let answer = try await PlainHTTP.send("GET", library.base + path)
        #expect(answer.status == 403, "\(path)")
        #expect(answer.body.contains("wordbook serve"))
      }
    }
  }

  @Test func refusesInTheBrowsersLanguage() async throws {
    try await TestLibrary.with { library in
      let korean = try await PlainHTTP.send(
        "GET", library.base + "/", headers: ["Accept-Language": "ko-KR,ko;q=0.9"])
      #expect(korean.status == 403)
      #expect(korean.body.hasPrefix("거절했습니다: 'wordbook serve'가 출력한 주소를 여세요."))
      let english = try await PlainHTTP.send(
        "GET", library.base + "/", headers: ["Accept-Language": "en-GB,ko;q=0.5"])
      #expect(english.body.hasPrefix("Refused: open the address that 'wordbook serve' printed"))
      let foreign = try await PlainHTTP.send(
        "GET", library.base + "/",
        headers: ["Host": "example.com:\(library.server.port)", "Accept-Language": "ko"])
      #expect(foreign.status == 421)
      #expect(foreign.body.hasPrefix("이 서버는 자기 주소로만 응답합니다."))
    }
  }

  @Test func refusesAWrongToken() async throws {
    try await TestLibrary.with { library in
      let inAddress = try await PlainHTTP.send("GET", library.base + "/?token=0123")
      #expect(inAddress.status == 403)
      #expect(inAddress.headers["set-cookie"] == nil)
      // The real token with another last digit, whatever its last digit is.
      let wrongLast = library.token.last == "0" ? "1" : "0"
      let inCookie = try await PlainHTTP.send(
        "GET", library.base + "/",
        headers: ["Cookie": "wordbook_token=\(library.token.dropLast())\(wrongLast)"])
      #expect(inCookie.status == 403)
    }
  }

  @Test func theTokenInTheAddressBecomesAStrictCookie() async throws {
    try await TestLibrary.with { library in
      let first = try await PlainHTTP.send("GET", library.server.url)
      #expect(first.status == 303)
      #expect(first.headers["location"] == library.home)
      let cookie = try #require(first.headers["set-cookie"])
      #expect(cookie.hasPrefix(library.cookie + ";"))
      #expect(cookie.contains("HttpOnly"))
      #expect(cookie.contains("SameSite=Strict"))
      let page = try await PlainHTTP.send(
        "GET", library.base + "/", headers: ["Cookie": library.cookie])
      #expect(page.status == 200)
      let policy = try #require(page.headers["content-security-policy"])
      #expect(policy.contains("script-src 'self'"))
      #expect(!policy.contains("unsafe-inline"))
      #expect(!page.body.contains("<script>"))
    }
  }

  /// After a restart the browser still holds the old server's cookie: the new address wins.
  @Test func theAddressOfARestartedServerReplacesAnOldCookie() async throws {
    try await TestLibrary.with { library in
      let answer = try await PlainHTTP.send(
        "GET", library.server.url,
        headers: ["Cookie": "wordbook_token=\(String(repeating: "0", count: 64))"])
      #expect(answer.status == 303)
      #expect(answer.headers["set-cookie"]?.hasPrefix(library.cookie + ";") == true)
    }
  }

  /// A server on another loopback address prints that address and answers to it.
  @Test func aServerOnAnotherLoopbackAddressPrintsAndAcceptsIt() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "WordbookWebTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let service = try SQLiteWordService(path: folder.appendingPathComponent("w.sqlite").path)
    let server = try WebServer(service: service, host: "127.0.0.2")
    #expect(server.url.contains(/^http:\/\/127\.0\.0\.2:\d+\/[0-9a-f]{32}\/\?token=/))
    let answer = try await PlainHTTP.send("GET", server.url)
    await server.stop()
    #expect(answer.status == 303)
  }

  @Test func refusesAHostThatIsNotTheServer() async throws {
    try await TestLibrary.with { library in
      let port = library.server.port
      for host in [
        "evil.example:\(port)", "127.0.0.1:\(port &+ 1)", "127.0.0.1", "192.168.1.2:\(port)",
      ] {
        let answer = try await PlainHTTP.send(
          "GET", library.base + "/", headers: ["Cookie": library.cookie, "Host": host])
        #expect(answer.status == 421, "\(host)")
      }
      let named = try await PlainHTTP.send(
        "GET", library.base + "/", headers: ["Cookie": library.cookie, "Host": "localhost:\(port)"])
      #expect(named.status == 200)
    }
  }

  @Test func refusesAPostFromAnotherOrigin() async throws {
    try await TestLibrary.with { library in
      var headers = library.pageHeaders
      let body = Data(#"{"kind":"shuffle"}"#.utf8)
      for origin in ["http://evil.example", "null", "http://localhost:\(library.server.port)"] {
        headers["Origin"] = origin
        let answer = try await PlainHTTP.send(
          "POST", library.base + "/actions?session=x", headers: headers, body: body)
        #expect(answer.status == 403, "\(origin)")
        #expect(answer.body.contains("did not come from Wordbook's own page"))
      }
      headers["Origin"] = nil
      let withoutOrigin = try await PlainHTTP.send(
        "POST", library.base + "/actions?session=x", headers: headers, body: body)
      #expect(withoutOrigin.status == 403)
    }
  }

  @Test func refusesAnOversizedBodyAndKeepsServing() async throws {
    try await TestLibrary.with(limits: .init(bodyBytes: 1024)) { library in
      let answer = try await PlainHTTP.send(
        "POST", library.base + "/actions?session=x", headers: library.pageHeaders,
        body: Data(repeating: UInt8(ascii: " "), count: 4096))
      #expect(answer.status == 413)
      let page = try await PlainHTTP.send(
        "GET", library.base + "/", headers: ["Cookie": library.cookie])
      #expect(page.status == 200)
    }
  }

  @Test func answersMalformedActionsWithAClearStatus() async throws {
    try await TestLibrary.with { library in
      let url = library.base + "/actions?session=x"
      let cases: [(body: String, status: Int, says: String)] = [
        ("{", 400, "not an action"),
        (#"{"kind":"explode"}"#, 400, "not an action"),
        (#"{"kind":"flip"}"#, 400, "missing field 'id'"),
        (#"{"kind":"booksLoaded","books":[]}"#, 403, "may not send"),
        (#"{"kind":"subscribeToChanges"}"#, 403, "may not send"),
        (#"{"kind":"outsideChanges","changes":[]}"#, 403, "may not send"),
        (#"{"kind":"shuffle"}"#, 404, "Reload the page"),
        // The nested form, as logs write it: a view action is the page's, an answer is not.
        (#"{"study":{"view":{"shuffle":{}}}}"#, 404, "Reload the page"),
        (#"{"study":{"kind":"studyStatesSaved","changes":[]}}"#, 403, "may not send"),
        (#"{"study":{"view":{"subscribeToChanges":{}}}}"#, 403, "may not send"),
        (#"{"study":{"view":{"unsubscribeFromChanges":{}}}}"#, 403, "may not send"),
        (#"{"study":{"view":{"explode":{}}}}"#, 400, "not an action"),
        (#"{"study":{},"books":{}}"#, 400, "one key"),
        (#"{}"#, 400, "one key"),
      ]
      for entry in cases {
        let answer = try await PlainHTTP.send(
          "POST", url, headers: library.pageHeaders, body: Data(entry.body.utf8))
        #expect(answer.status == entry.status, "\(entry.body)")
        #expect(answer.body.contains(entry.says), "\(entry.body): \(answer.body)")
      }
      var plain = library.pageHeaders
      plain["Content-Type"] = "text/plain"
      let wrongType = try await PlainHTTP.send(
        "POST", url, headers: plain, body: Data(#"{"kind":"shuffle"}"#.utf8))
      #expect(wrongType.status == 415)
      let page = try await PlainHTTP.send(
        "GET", library.base + "/", headers: ["Cookie": library.cookie])
      #expect(page.status == 200)
    }
  }
}
