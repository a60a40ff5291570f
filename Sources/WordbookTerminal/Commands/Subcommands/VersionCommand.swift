/// `wordbook --version`: prints the version.
struct VersionCommand: StandaloneCommand {
  static var acceptsRecording: Bool { true }

  func run(output: TerminalOutput, catalogue: any TerminalCatalogue) {
    output.writeLine("wordbook \(CommandLineParser.version)")
  }
}
