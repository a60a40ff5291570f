import StoreCore
import Wordbook

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `wordbook` command: parses the command line, opens the database and runs a
/// subcommand or the interactive study screen.
///
/// ```swift
/// // main.swift
/// exit(await WordbookCommand.main())
/// ```
@MainActor
public enum WordbookCommand {
  /// Exit status: success.
  public nonisolated static let success: Int32 = 0
  /// Exit status: a runtime error, such as an unknown book or a database that cannot open.
  public nonisolated static let failure: Int32 = 1
  /// Exit status: the command line is wrong.
  public nonisolated static let usageFailure: Int32 = 2

  /// Runs the command with the process's arguments and environment.
  ///
  /// - Returns: The exit status.
  public static func main(
    arguments: [String] = Array(CommandLine.arguments.dropFirst()),
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) async -> Int32 {
    // A reader that closes the pipe early is answered by a failed write, which ends the
    // command quietly, instead of by a signal that would skip putting outputs in place.
    signal(SIGPIPE, SIG_IGN)
    let catalogue = TerminalLanguage(environment: environment).catalogue
    let invocation: Invocation
    do {
      invocation = try CommandLineParser.parse(arguments)
    } catch {
      report(catalogue.describe(error))
      return usageFailure
    }
    do throws(CommandFailure) {
      try await run(invocation, environment: environment, catalogue: catalogue)
      return success
    } catch {
      if !error.isQuiet { report(catalogue.describe(error.problem)) }
      return error.status
    }
  }

  /// Writes one error line to standard error, escaped: messages quote paths, titles and the
  /// database's own words, any of which may hold bytes that would drive a terminal.
  private static func report(_ message: String) {
    TerminalOutput.standardError.writeLine("wordbook: " + message.escapedForTerminal)
  }

  private static func run(
    _ invocation: Invocation, environment: [String: String], catalogue: any MessageCatalogue
  ) async throws(CommandFailure) {
    if let command = invocation.command as? any StandaloneCommand {
      try command.run(output: .standardOutput, catalogue: catalogue)
      return
    }
    let session = try CommandSession(invocation: invocation, environment: environment)
    try await session.run(invocation.command)
  }
}
