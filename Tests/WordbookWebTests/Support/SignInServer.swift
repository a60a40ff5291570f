import Foundation
import Testing
import Wordbook
import WordbookPostgres
import WordbookTerminal
import WordbookTestSupport
import WordbookWeb

/// A web server whose learners sign in, over a fresh PostgreSQL database with the users mina
/// (password "correct horse") and jun ("battery staple").
@MainActor
final class SignInServer {
  let databaseURL: String
  let accounts: PostgresAccounts
  let server: WebServer

  /// The server's origin: scheme, host and port.
  var origin: String { "http://127.0.0.1:\(server.port)" }

  static let passwords = ["mina": "correct horse", "jun": "battery staple"]

  private init(databaseURL: String, accounts: PostgresAccounts, server: WebServer) {
    self.databaseURL = databaseURL
    self.accounts = accounts
    self.server = server
  }

  /// Runs `body` with a server on a fresh database, stopping it afterwards whatever happens;
  /// the test is cancelled without PostgreSQL, libsodium or libmicrohttpd outside CI.
  static func with(
    databaseURL given: String? = nil, _ body: (SignInServer) async throws -> Void
  ) async throws {
    if !PostgresAccounts.isHashingAvailable && !PostgresTestServer.isRequired {
      try Test.cancel("libsodium is not installed (the libsodium23 package)")
    }
    let url: String
    if let given {
      url = given
    } else {
      url = try await PostgresTestServer.freshDatabaseURLForTest()
    }
    let accounts = try await PostgresAccounts(url: url)
    if given == nil {
      for (name, password) in passwords { try await accounts.add(name, password: password) }
    }
    let server = try WebServer(accounts: try await PostgresSignIns(url: url))
    let library = SignInServer(databaseURL: url, accounts: accounts, server: server)
    do {
      try await body(library)
    } catch {
      await server.stop()
      throw error
    }
    await server.stop()
  }

  /// Posts the sign-in form as a browser on this server's page would.
  func signIn(_ name: String, _ password: String) async throws -> PlainHTTP.Answer {
    let body = "name=\(Self.formEncoded(name))&password=\(Self.formEncoded(password))"
    return try await PlainHTTP.send(
      "POST", origin + "/login",
      headers: [
        "Origin": origin, "Content-Type": "application/x-www-form-urlencoded",
      ], body: Data(body.utf8))
  }

  /// The cookie a sign-in answer sets, as a browser sends it back (`name=value`).
  static func cookie(of answer: PlainHTTP.Answer) -> String? {
    answer.headers["set-cookie"].map { String($0.prefix { $0 != ";" }) }
  }

  /// Signs `name` in and returns the cookie, and the folder of the sign-in's page (`/…/`),
  /// which every path of the page lies in and the cookie's Path names.
  func signedIn(_ name: String, _ password: String) async throws -> (
    cookie: String, home: String
  ) {
    let answer = try await signIn(name, password)
    #expect(answer.status == 303)
    return (try #require(Self.cookie(of: answer)), try #require(answer.headers["location"]))
  }

  /// Sends `method` `path` with `cookie`, as the page does.
  func request(
    _ method: String, _ path: String, cookie: String?, json: String? = nil
  ) async throws -> PlainHTTP.Answer {
    var headers = ["Origin": origin]
    if let cookie { headers["Cookie"] = cookie }
    if json != nil { headers["Content-Type"] = "application/json" }
    return try await PlainHTTP.send(
      method, origin + path, headers: headers, body: json.map { Data($0.utf8) }, timeout: 60)
  }

  static func formEncoded(_ text: String) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return (text.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
  }
}
