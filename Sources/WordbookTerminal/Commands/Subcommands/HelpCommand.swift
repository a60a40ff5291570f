/// `wordbook help`, `--help` or `-h`: prints the usage.
struct HelpCommand: Subcommand, StandaloneCommand {
  static let name = "help"
  static let arguments = ""
  static let summary = "show this help"
  static var acceptsRecording: Bool { true }

  func run(output: TerminalOutput, catalogue: any TerminalCatalogue) {
    output.writeLine(CommandLineParser.usage)
  }
}

extension HelpCommand {
  init(parsing arguments: SubcommandArguments) throws(UsageError) {
    _ = try arguments.split(required: 0)
  }
}
