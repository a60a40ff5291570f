import Testing

@testable import WordbookTerminal

@Suite struct ServeArgumentsTests {
  @Test func defaultsToLoopbackOnPort8080() throws {
    #expect(try CommandLineParser.parse(["serve"]) == Invocation(command: ServeCommand()))
  }

  @Test func readsThePortTheHostAndOpen() throws {
    let invocation = try CommandLineParser.parse(
      ["serve", "--open", "--port", "0", "--host=0.0.0.0"])
    #expect(
      invocation == Invocation(command: ServeCommand(port: 0, host: "0.0.0.0", opensBrowser: true)))
  }

  @Test func readsTheCertificateAndItsKey() throws {
    let invocation = try CommandLineParser.parse(
      ["serve", "--tls-cert", "cert.pem", "--tls-key=key.pem"])
    #expect(
      invocation
        == Invocation(command: ServeCommand(tlsCertificateFile: "cert.pem", tlsKeyFile: "key.pem")))
  }

  @Test func readsTheReplica() throws {
    let invocation = try CommandLineParser.parse(
      ["serve", "--replica", "postgresql://reader@standby/wordbook"])
    #expect(
      invocation
        == Invocation(command: ServeCommand(replica: "postgresql://reader@standby/wordbook")))
  }

  @Test(arguments: [
    ["serve", "--replica", "standby.sqlite"], ["serve", "--replica"],
    ["serve", "--port", "65536"], ["serve", "--port", "x"], ["serve", "--host", ""],
    ["serve", "extra"], ["serve", "--bind", "1"], ["serve", "--port"],
    ["serve", "--tls-cert", "cert.pem"], ["serve", "--tls-key", "key.pem"],
  ])
  func refusesBadArguments(arguments: [String]) {
    #expect(throws: UsageError.self) { try CommandLineParser.parse(arguments) }
  }
}
