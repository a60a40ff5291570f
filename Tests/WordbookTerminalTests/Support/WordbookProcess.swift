import Foundation
import WordbookTestSupport

/// Runs the built `wordbook` binary, as a user or a script would.
struct WordbookProcess {
  /// What one run printed and how it ended.
  struct Outcome {
    var status: Int32
    var output: String
    var error: String
  }

  /// The built binary, next to the test bundle in the build products folder.
  static var executable: URL {
    let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    return bundle.deletingLastPathComponent().appendingPathComponent("wordbook")
  }

  /// A temporary folder for one test, removed by ``removeFolder()``.
  let folder: URL

  /// Creates a fresh temporary folder.
  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("wordbook-terminal-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  /// The test's database path.
  var databasePath: String { folder.appendingPathComponent("words.sqlite").path }

  /// An environment with nothing from the developer's shell that could change the output, and
  /// the test's own folder for temporary files.
  var environment: [String: String] {
    [
      "PATH": "/usr/bin:/bin", "HOME": folder.path, "LANG": "C.UTF-8", "TMPDIR": folder.path,
      "XDG_DATA_HOME": folder.appendingPathComponent("data").path,
    ]
  }

  /// Runs `wordbook` with `arguments` in one of the ``ProcessSlots`` and waits for it, with a
  /// bounded wait that suspends rather than holds a thread (see `SpawnedProcess.exit(within:)`).
  ///
  /// - Parameters:
  ///   - standardOutput: A file to write standard output to instead of capturing it, such as
  ///     `/dev/full`; the outcome's output is then empty.
  ///   - timeout: How long the process may run before it is sent SIGTERM: a bound against a
  ///     hang, not a speed target (a hostile package's import in a debug build passed 30 s with
  ///     a busy loop on each core).
  func run(
    _ arguments: [String], environment extra: [String: String] = [:], input: String = "",
    standardOutput: String? = nil, timeout: Duration = .seconds(180)
  ) async throws -> Outcome {
    let id = UUID().uuidString
    let outputURL = folder.appendingPathComponent("\(id).out")
    let errorURL = folder.appendingPathComponent("\(id).err")
    let inputURL = folder.appendingPathComponent("\(id).in")
    try Data(input.utf8).write(to: inputURL)
    try Data().write(to: outputURL)
    let slot = await ProcessSlots.commands.take()
    let process = try SpawnedProcess(
      [Self.executable.path] + arguments, environment: environment.merging(extra) { $1 },
      input: .file(inputURL.path), output: .file(standardOutput ?? outputURL.path),
      errors: .file(errorURL.path))
    await process.exit(within: timeout)
    withExtendedLifetime(slot) {}
    return Outcome(
      status: process.exitStatus,
      output: try String(contentsOf: outputURL, encoding: .utf8),
      error: try String(contentsOf: errorURL, encoding: .utf8))
  }

  /// A command that failed where a test needed it to succeed.
  struct UnexpectedFailure: Error, CustomStringConvertible {
    var description: String
  }

  /// Runs `wordbook --db` on the test's database, with messages in `language`.
  func runOnDatabase(_ arguments: [String], language: String = "C.UTF-8") async throws
    -> Outcome
  {
    try await run(["--db", databasePath] + arguments, environment: ["LANG": language])
  }

  /// Creates a wordbook on the test's database with a word for each term.
  ///
  /// - Returns: The words' IDs, in the order of `terms`.
  func makeBook(_ title: String, terms: [String]) async throws -> [Int64] {
    for arguments in [["new-book", title]] + terms.map({ ["add", title, $0, "meaning"] }) {
      let outcome = try await runOnDatabase(arguments)
      guard outcome.status == 0 else { throw UnexpectedFailure(description: outcome.error) }
    }
    return try await runOnDatabase(["words", title]).output.split(separator: "\n").compactMap {
      Int64($0.split(separator: "\t")[0])
    }
  }

  /// Deletes the temporary folder.
  func removeFolder() {
    try? FileManager.default.removeItem(at: folder)
  }
}
