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
  /// SIGINT, SIGTERM and SIGHUP end a subcommand within a second, in any phase: the work in
  /// progress rolls back, temporary files are deleted, one line says so and the status is
  /// 128 + the signal. The study screen and `serve` handle those signals themselves.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the program's name, or `nil` for the process's own.
  ///     An argument of the process's own that is not UTF-8 is a usage error naming its
  ///     position, never read with its bytes replaced.
  ///   - environment: The environment variables.
  /// - Returns: The exit status.
  public static func main(
    arguments: [String]? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) async -> Int32 {
    // A reader that closes the pipe early is answered by a failed write, which ends the
    // command quietly, instead of by a signal that would skip putting outputs in place.
    signal(SIGPIPE, SIG_IGN)
    let catalogue = Language(environment: environment).catalogue
    let invocation: Invocation
    do throws(UsageError) {
      if let arguments {
        invocation = try CommandLineParser.parse(arguments)
      } else {
        invocation = try CommandLineParser.parse(processArguments())
      }
    } catch {
      report(catalogue.describe(error))
      return usageFailure
    }
    let interruption = CommandInterruption.shared
    if !type(of: invocation.command).handlesSignals {
      interruption.start { catalogue.describe(.interrupted(signal: $0)) }
    }
    do throws(CommandFailure) {
      try await run(invocation, environment: environment, catalogue: catalogue)
      _ = interruption.end()
      return success
    } catch {
      // Work a signal cancelled fails in its own way; the signal is what the user needs to
      // hear.
      if let number = interruption.end() {
        report(catalogue.describe(.interrupted(signal: number)))
        return 128 + number
      }
      if !error.isQuiet { report(catalogue.describe(error.problem)) }
      return error.status
    }
  }

  /// The process's arguments after its name, each checked to be UTF-8.
  ///
  /// - Throws: ``UsageError`` naming the first argument that is not.
  private static func processArguments() throws(UsageError) -> [String] {
    // Read from `argv` itself: `CommandLine.arguments` replaces bytes that are not UTF-8.
    var arguments: [String] = []
    for position in 1..<max(1, Int(CommandLine.argc)) {
      guard let pointer = CommandLine.unsafeArgv[position] else { continue }
      guard let argument = String(validatingCString: pointer) else {
        throw UsageError(.argumentNotUTF8(position: position))
      }
      arguments.append(argument)
    }
    return arguments
  }

  /// Writes one error line to standard error, escaped: messages quote paths, titles and the
  /// database's own words, any of which may hold bytes that would drive a terminal.
  private static func report(_ message: String) {
    TerminalOutput.standardError.writeLine("wordbook: " + message.escapedForTerminal)
  }

  private static func run(
    _ invocation: Invocation, environment: [String: String], catalogue: any TerminalCatalogue
  ) async throws(CommandFailure) {
    if let command = invocation.command as? any StandaloneCommand {
      try command.run(output: .standardOutput, catalogue: catalogue)
      return
    }
    if let command = invocation.command as? UsersCommand {
      let path = WordbookDatabase.path(option: invocation.databasePath, environment: environment)
      guard WordbookDatabase.isServer(path) else { throw .usage(.usersNeedServer) }
      let out = try OutputFile.standardOutput(protecting: ProtectedFiles())
      try await command.run(onServer: path, catalogue: catalogue, out: out)
      try out.flush()
      return
    }
    if let command = invocation.command as? ServeCommand, invocation.userName == nil {
      let path = WordbookDatabase.path(option: invocation.databasePath, environment: environment)
      if WordbookDatabase.isServer(path) {
        let out = try OutputFile.standardOutput(protecting: ProtectedFiles())
        try await command.run(signingInOn: path, catalogue: catalogue, out: out)
        try out.flush()
        return
      }
    }
    let session = try await CommandSession(invocation: invocation, environment: environment)
    try await session.run(invocation.command)
  }
}
