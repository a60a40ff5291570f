import Testing
import WordbookTerminal

@Suite struct ServeRequestTests {
  @Test func defaultsToLoopbackOnPort8080() throws {
    #expect(try CommandLineParser.parse(["serve"]).command == .serve(ServeRequest()))
  }

  @Test func readsThePortTheHostAndOpen() throws {
    let invocation = try CommandLineParser.parse(
      ["serve", "--open", "--port", "0", "--host=0.0.0.0"])
    #expect(
      invocation.command == .serve(ServeRequest(port: 0, host: "0.0.0.0", opensBrowser: true)))
  }

  @Test(arguments: [
    ["serve", "--port", "65536"], ["serve", "--port", "x"], ["serve", "--host", ""],
    ["serve", "extra"], ["serve", "--bind", "1"], ["serve", "--port"],
  ])
  func refusesBadArguments(arguments: [String]) {
    #expect(throws: UsageError.self) { try CommandLineParser.parse(arguments) }
  }
}
