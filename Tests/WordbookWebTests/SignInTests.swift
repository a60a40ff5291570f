import Foundation
import Testing
import Wordbook
import WordbookPostgres
import WordbookTestSupport
import WordbookWeb

/// A server whose learners sign in (issue 30), tried as a hostile client would: with raw
/// requests, no browser, on a real PostgreSQL database.
@Suite(.enabled(if: WebTestEnvironment.hasLibrary, WebTestEnvironment.libraryReason))
@MainActor
struct SignInTests {
  @Test func theSignInPageIsAFormAndEveryOtherPathWantsASignIn() async throws {
    try await SignInServer.with { server in
      let page = try await server.request("GET", "/login", cookie: nil)
      #expect(page.status == 200)
      #expect(page.body.contains(#"<form id="sign-in" method="post" action="login">"#))
      #expect(page.body.contains(#"name="name""#) && page.body.contains(#"name="password""#))
      #expect(page.headers["content-security-policy"]?.contains("form-action 'self'") == true)
      let home = try await server.request("GET", "/", cookie: nil)
      #expect(home.status == 303)
      #expect(home.headers["location"] == "/login")
      for (method, path) in [
        ("GET", "/events"), ("GET", "/cards?session=x"), ("GET", "/chart?session=x"),
        ("POST", "/actions?session=x"),
      ] {
        #expect(try await server.request(method, path, cookie: nil).status == 401, "\(path)")
      }
      // The page's own files are public: the sign-in page uses the style sheet.
      #expect(try await server.request("GET", "/app.css", cookie: nil).status == 200)
      // A post from another site is refused before any password is checked.
      let forged = try await PlainHTTP.send(
        "POST", server.origin + "/login",
        headers: [
          "Origin": "http://evil.example", "Content-Type": "application/x-www-form-urlencoded",
        ],
        body: Data("name=mina&password=correct+horse".utf8))
      #expect(forged.status == 403)
    }
  }

  /// A wrong password and an unknown name get the same answer, after the same pause.
  @Test func aWrongPasswordAndAnUnknownNameGetTheSameAnswer() async throws {
    try await SignInServer.with { server in
      let clock = ContinuousClock()
      var answers: [PlainHTTP.Answer] = []
      for name in ["mina", "nobody"] {
        let start = clock.now
        answers.append(try await server.signIn(name, "wrong password"))
        #expect(clock.now - start >= .seconds(1))
      }
      #expect(answers.map(\.status) == [401, 401])
      #expect(answers.allSatisfy { $0.headers["set-cookie"] == nil })
      let messages = answers.map { $0.body.firstMatch(of: /<p id="sign-in-message"[^<]*<\/p>/)?.0 }
      #expect(messages[0] != nil && messages[0] == messages[1])
    }
  }

  /// A sign-in sets an `HttpOnly`, `SameSite=Strict` cookie of 256 random bits with an expiry,
  /// a new one at every sign-in; each opens the learner's own page.
  @Test func aSignInSetsANewCookieEachTime() async throws {
    try await SignInServer.with { server in
      var secrets: [String] = []
      for _ in 0..<2 {
        let answer = try await server.signIn(" mina ", "correct horse")
        #expect(answer.status == 303)
        let home = try #require(answer.headers["location"])
        let header = try #require(answer.headers["set-cookie"])
        for attribute in ["HttpOnly", "SameSite=Strict", "Path=\(home)", "Max-Age=86400"] {
          #expect(header.contains(attribute), "\(header)")
        }
        let cookie = try #require(SignInServer.cookie(of: answer))
        let secret = String(cookie.dropFirst("wordbook_sign_in=".count))
        #expect(secret.count == 64 && secret.allSatisfy(\.isHexDigit))
        secrets.append(secret)
        #expect(try await server.request("GET", home, cookie: cookie).status == 200)
      }
      #expect(secrets[0] != secrets[1])
    }
  }

  /// Five failures of a name close it for fifteen minutes, the right password too, whichever
  /// address tries; other names go on. Attempts made at once cannot pass the limit together.
  @Test func failedSignInsOfANameAreLimited() async throws {
    try await SignInServer.with { server in
      let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
        for attempt in 0..<8 {
          group.addTask { try await server.signIn("jun", "guess \(attempt)").status }
        }
        var statuses: [Int] = []
        for try await status in group { statuses.append(status) }
        return statuses
      }
      #expect(statuses.sorted() == [401, 401, 401, 401, 401, 429, 429, 429])
      let closed = try await server.signIn("jun", "battery staple")
      #expect(closed.status == 429)
      #expect(closed.body.contains("try again in 15 minutes"))
      #expect(closed.headers["set-cookie"] == nil)
      #expect(try await server.signIn("mina", "correct horse").status == 303)
    }
  }

  /// Signing out ends the sign-in on the server: the old cookie opens nothing, and the page
  /// opened with it closes.
  @Test func signingOutEndsTheSignInOnTheServer() async throws {
    try await SignInServer.with { server in
      let (cookie, home) = try await server.signedIn("mina", "correct horse")
      let stream = try RawConnection(port: server.server.port)
      defer { stream.close() }
      try await stream.send(
        RawConnection.head(
          "GET", home + "events",
          headers: [("Host", "127.0.0.1:\(server.server.port)"), ("Cookie", cookie)]))
      #expect(try await stream.read { $0.contains(#""user":"mina""#) })
      let out = try await server.request("POST", home + "logout", cookie: cookie)
      #expect(out.status == 303)
      #expect(out.headers["location"] == "/login")
      #expect(out.headers["set-cookie"]?.contains("Path=\(home); Max-Age=0") == true)
      #expect(try await server.request("GET", home + "events", cookie: cookie).status == 401)
      // The page's stream ends with the sign-in.
      _ = try await stream.readToEnd(timeout: .seconds(30))
      let secret = String(cookie.dropFirst(17))
      #expect(try await server.accounts.signedInUsers([secret], at: .now).isEmpty)
    }
  }

  /// A forged cookie, an expired sign-in and the sign-in of a deleted user open nothing.
  @Test func forgedExpiredAndDeletedUsersSignInsAreRefused() async throws {
    try await SignInServer.with { server in
      let folder = "/" + String(repeating: "0f", count: 16) + "/"
      let forged = "wordbook_sign_in=" + String(repeating: "ab", count: 32)
      #expect(try await server.request("GET", folder + "events", cookie: forged).status == 401)
      let expired = String(repeating: "cd", count: 32)
      let mina = try #require(try await server.accounts.signIn("mina", password: "correct horse"))
      try await server.accounts.startSignIn(expired, of: mina, until: .now.advanced(by: -1))
      #expect(
        try await server.request(
          "GET", folder + "events", cookie: "wordbook_sign_in=\(expired)"
        ).status == 401)
      let (cookie, home) = try await server.signedIn("jun", "battery staple")
      #expect(try await server.request("GET", home, cookie: cookie).status == 200)
      try await server.accounts.delete("jun")
      // A checked cookie is trusted for a second at most.
      let refused = try await WebTestEnvironment.waitUntil(timeout: .seconds(30)) {
        try await server.request("GET", home, cookie: cookie).status == 303
      }
      #expect(refused)
    }
  }

  /// Each learner sees their own books alone; naming another learner's book or word is a 404
  /// that changes nothing.
  @Test func aLearnerReachesOnlyTheirOwnBooksAndWords() async throws {
    try await SignInServer.with { server in
      let minaService = try await PostgresWordService(url: server.databaseURL, user: "mina")
      let junService = try await PostgresWordService(url: server.databaseURL, user: "jun")
      let minaBook = try await minaService.createBook(title: "Mina's verbs")
      _ = try await minaService.saveWord(WordDraft(term: "가다", meaning: "to go"), to: minaBook.id)
      let junBook = try await junService.createBook(title: "Jun's nouns")
      let junWord = try await junService.saveWord(
        WordDraft(term: "물", meaning: "water"), to: junBook.id)
      let (cookie, home) = try await server.signedIn("mina", "correct horse")
      let stream = try RawConnection(port: server.server.port)
      defer { stream.close() }
      try await stream.send(
        RawConnection.head(
          "GET", home + "events",
          headers: [("Host", "127.0.0.1:\(server.server.port)"), ("Cookie", cookie)]))
      let pattern = /event: session\ndata: \{[^}]*"id":"([0-9a-f]+)"/
      #expect(try await stream.read { $0.contains(pattern) && $0.contains("Mina's verbs") })
      #expect(!stream.text.contains("Jun's nouns"))
      let session = try #require(stream.text.firstMatch(of: pattern)).1
      for json in [
        #"{"kind":"selectBook","book":\#(junBook.id)}"#,
        #"{"kind":"deleteBook","book":\#(junBook.id)}"#,
        #"{"kind":"markSuccess","id":\#(junWord.id)}"#,
        #"{"kind":"editWord","id":\#(junWord.id),"term":"불","meaning":"fire"}"#,
        #"{"kind":"deleteWord","id":\#(junWord.id)}"#,
      ] {
        let answer = try await server.request(
          "POST", home + "actions?session=\(session)", cookie: cookie, json: json)
        #expect(answer.status == 404, "\(json)")
      }
      // Another learner's cookie cannot drive this page's session.
      let junCookie = try await server.signedIn("jun", "battery staple").cookie
      let borrowed = try await server.request(
        "POST", home + "actions?session=\(session)", cookie: junCookie,
        json: #"{"kind":"selectBook","book":\#(minaBook.id)}"#)
      #expect(borrowed.status == 404)
      #expect(try await junService.fetchWords(in: junBook.id) == [junWord])
      #expect(try await junService.fetchBooks().map(\.title) == ["Jun's nouns"])
    }
  }

  /// The sign-in page and its refusals follow the browser's language.
  @Test func theSignInPageIsInTheBrowsersLanguage() async throws {
    try await SignInServer.with { server in
      let page = try await PlainHTTP.send(
        "GET", server.origin + "/login", headers: ["Accept-Language": "ko-KR,ko;q=0.9"])
      #expect(page.body.contains("<html lang=\"ko\">"))
      #expect(page.body.contains("Wordbook에 로그인"))
      let refused = try await PlainHTTP.send(
        "POST", server.origin + "/login",
        headers: [
          "Origin": server.origin, "Accept-Language": "ko",
          "Content-Type": "application/x-www-form-urlencoded",
        ], body: Data("name=mina&password=wrong".utf8), timeout: 60)
      #expect(refused.status == 401)
      #expect(refused.body.contains("이름이나 비밀번호가 틀렸습니다."))
    }
  }
}
