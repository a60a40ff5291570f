import Foundation
import Testing
import WordbookTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// SIGINT, SIGTERM and SIGHUP end a command in every phase, on a real process: it rolls back,
/// leaves no temporary file, says so in one line and exits with 128 + the signal.
///
/// Each test waits (bounded) for the phase it means, sends the signal, and expects the process
/// gone within a few seconds: before the fix, a blocked read, a parse that found no card yet
/// and the writing of a package's pictures ran on (or died with no message, leaving pictures).
@Suite struct CommandInterruptionTests {
  /// How long a signalled command may take to end before the test calls it a hang; the
  /// command's own bound is a second, and the margin is for a loaded machine.
  private static let hangLimit: Duration = .seconds(10)

  @Test func aSignalEndsAnImportWaitingToReadAPipe() async throws {
    let runner = try WordbookProcess()
    defer { runner.removeFolder() }
    let fifo = runner.folder.appendingPathComponent("cards.tsv").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let process = try start(runner, ["import", fifo, "--book", "Piped"])
    // A writer can open the FIFO only once the import has opened it to read: from then on
    // the import waits in read(2) for bytes that never come.
    let writer = try await openWriter(fifo, while: process)
    defer { close(writer) }
    let ending = try await stop(process, with: SIGTERM)
    #expect(ending.status == 128 + SIGTERM)
    #expect(
      ending.error == "wordbook: stopped by SIGTERM; what it had not finished was not saved.\n")
    #expect(try await !runner.run(["--db", runner.databasePath, "books"]).output.contains("Piped"))
  }

  @Test func aSignalEndsAnImportParsingAFileOfNoCard() async throws {
    let runner = try WordbookProcess()
    defer { runner.removeFolder() }
    let process = try start(runner, ["import", "/dev/zero", "--book", "Zeros", "--format", "tsv"])
    // Past the first window (1 MiB), the reader is skipping an endless record.
    let ending = try await stop(process, with: SIGINT, once: "it read 4 MiB") {
      bytesRead(by: process) > 4 << 20
    }
    #expect(ending.status == 128 + SIGINT)
    #expect(
      ending.error.hasSuffix(
        "stopped by SIGINT (Ctrl-C); what it had not finished was not saved.\n"))
    #expect(try await !runner.run(["--db", runner.databasePath, "books"]).output.contains("Zeros"))
  }

  /// `yes abcdefgh | wordbook import /dev/stdin --format csv`: every line is rejected, so no
  /// card ever reaches the database.
  @Test func aSignalEndsAnImportOfEndlessJunkFromStandardInput() async throws {
    let ending = try await stopEndlessImport(
      of: String(repeating: "abcdefgh\n", count: 8192), format: "csv", with: SIGHUP)
    #expect(ending.status == 128 + SIGHUP)
    #expect(ending.error.hasSuffix("stopped by SIGHUP; what it had not finished was not saved.\n"))
  }

  /// The cards are written while the import reads on: the signal comes inside the import's
  /// transaction, which rolls back.
  @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
  func aSignalEndsAnImportWritingTheDatabase(_ number: Int32) async throws {
    let ending = try await stopEndlessImport(
      of: String(repeating: "term\tmeaning\n", count: 4096), format: "tsv", with: number)
    #expect(ending.status == 128 + number)
    #expect(ending.error.contains("what it had not finished was not saved."))
  }

  /// Imports `block` again and again from standard input and sends `number` once the import
  /// has read more than two chunks (1 MiB each): by then the first chunk is parsed and its
  /// cards, if any, are in the open transaction. Checks that no book was made.
  private func stopEndlessImport(
    of block: String, format: String, with number: Int32
  ) async throws -> Ending {
    let runner = try WordbookProcess()
    defer { runner.removeFolder() }
    let process = try start(
      runner, ["import", "/dev/stdin", "--book", "Endless", "--format", format],
      standardInput: .pipe)
    let writer = process.process.input.fileDescriptor
    _ = fcntl(writer, F_SETFL, fcntl(writer, F_GETFL) | O_NONBLOCK)
    let bytes = Array(block.utf8)
    let feed = { _ = bytes.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) } }
    let ending = try await stop(
      process, with: number, once: "it read 2 MiB", when: { bytesRead(by: process) > 2 << 20 },
      meanwhile: feed)
    #expect(
      try await !runner.run(["--db", runner.databasePath, "books"]).output.contains("Endless"))
    return ending
  }

  /// The exit deletes the staged pictures until its deadline; what a slow disk (or a loaded
  /// machine) left by then waits in the renamed staging folder, and the next import deletes it.
  @Test func aSignalWhilePicturesAreWrittenLeavesNoneOfThem() async throws {
    let runner = try WordbookProcess()
    defer { runner.removeFolder() }
    let package = runner.folder.appendingPathComponent("pictures.apkg").path
    try await Self.writePackage(at: package, pictures: 3000)
    let process = try start(runner, ["import", package, "--book", "Pictures"])
    let media = runner.databasePath + ".media"
    let ending = try await stop(process, with: SIGTERM, once: "it stored 20 pictures") {
      Self.files(under: media).count >= 20
    }
    #expect(ending.status == 128 + SIGTERM)
    #expect(ending.error.hasSuffix("stopped by SIGTERM; what it had not finished was not saved.\n"))
    let left = Self.files(under: media)
    #expect(left.allSatisfy { $0.hasPrefix(".staging-") && $0.contains(".deleting/") })
    let one = runner.folder.appendingPathComponent("one.apkg").path
    try await Self.writePackage(at: one, pictures: 1)
    #expect(
      try await runner.run(["--db", runner.databasePath, "import", one, "--book", "One"]).status
        == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: media).count == 1)
    let books = try await runner.run(["--db", runner.databasePath, "books"]).output
    #expect(!books.contains("Pictures") && books.contains("One"))
    let scratch = try FileManager.default.contentsOfDirectory(atPath: runner.folder.path)
    #expect(!scratch.contains { $0.hasPrefix("wordbook-import-") })
  }

  /// The words of an Anki package are saved before its review log is read: a signal then
  /// rolls the reviews back and deletes the book the import made.
  @Test(
    AnkiPackageImportTests.needsPython,
    .enabled(if: DatabaseLock.isAvailable, "needs the sqlite3 shell"))
  func aSignalWhileAPackagesReviewsAreReadUndoesItsWords() async throws {
    let runner = try WordbookProcess()
    defer { runner.removeFolder() }
    let package = try await AnkiPackageImportTests.package(
      "reviews", sql: AnkiPackageImportTests.multipliedLog, in: runner)
    let process = try start(runner, ["import", package, "--book", "Reviewed"])
    let ending = try await stop(process, with: SIGINT, once: "its words were saved") {
      Self.query(runner.databasePath, "SELECT count(*) FROM books WHERE title = 'Reviewed'")
        == "1"
    }
    #expect(ending.status == 128 + SIGINT)
    #expect(ending.error.contains("stopped by SIGINT (Ctrl-C)"))
    #expect(
      try await !runner.run(["--db", runner.databasePath, "books"]).output.contains("Reviewed"))
  }

  /// What the `sqlite3` shell prints for `sql` on the database, read-only.
  private static func query(_ path: String, _ sql: String) -> String {
    let shell = try? SpawnedCommand.runBlocking(["/usr/bin/sqlite3", "-readonly", path, sql])
    return (shell?.output ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test(.enabled(if: DatabaseLock.isAvailable, "needs the sqlite3 shell"))
  func aSignalEndsACommandWaitingForALockedDatabase() async throws {
    let runner = try WordbookProcess()
    defer { runner.removeFolder() }
    _ = try await runner.run(["--db", runner.databasePath, "books"])
    let lock = try DatabaseLock(path: runner.databasePath)
    let process = try start(runner, ["add", "1", "사과", "apple"])
    // The add waits up to 5 s for the lock; the signal comes while it does.
    let ending = try await stop(process, with: SIGTERM, once: "it opened the database") {
      Self.openFiles(of: process).contains(runner.databasePath)
    }
    try await lock.release()
    #expect(ending.status == 128 + SIGTERM)
    let words = try await runner.run(["--db", runner.databasePath, "words", "1"])
    #expect(!words.output.contains("사과"))
  }

  @Test func aSignalEndsAnExportIntoAStalledPipe() async throws {
    let runner = try WordbookProcess()
    defer { runner.removeFolder() }
    let cards = runner.folder.appendingPathComponent("cards.tsv")
    let lines = (1...20_000).map { "term \($0)\tmeaning \($0)\n" }
    try Data(lines.joined().utf8).write(to: cards)
    let db = ["--db", runner.databasePath]
    #expect(try await runner.run(db + ["import", cards.path, "--book", "Big"]).status == 0)
    let fifo = runner.folder.appendingPathComponent("out.csv").path
    #expect(mkfifo(fifo, 0o600) == 0)
    // A reader that never reads: once the pipe is full, the export waits in write(2).
    let reader = open(fifo, O_RDONLY | O_NONBLOCK)
    try #require(reader >= 0)
    defer { close(reader) }
    let process = try start(runner, ["export", "Big", "--output", fifo])
    let ending = try await stop(process, with: SIGINT, once: "the pipe is full") {
      var pending: Int32 = 0
      return ioctl(reader, UInt(FIONREAD), &pending) == 0 && pending >= 60_000
    }
    #expect(ending.status == 128 + SIGINT)
    #expect(ending.error.contains("stopped by SIGINT (Ctrl-C)"))
  }

  // MARK: Running the process

  /// Values handed to the polling thread: the test waits for that thread, so only one thread
  /// uses them at a time.
  private struct Unshared<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
  }

  /// A started `wordbook` and the file its standard error goes to.
  private struct Running {
    var process: SpawnedProcess
    var errorFile: URL
  }

  private struct Ending {
    var status: Int32
    var error: String
  }

  private func start(
    _ runner: WordbookProcess, _ arguments: [String],
    standardInput: SpawnedProcess.Stream = .null
  ) throws -> Running {
    let errorFile = runner.folder.appendingPathComponent("error-\(UUID().uuidString).txt")
    // A writer to a pipe the import closed gets EPIPE rather than the signal.
    signal(SIGPIPE, SIG_IGN)
    let process = try SpawnedProcess(
      [WordbookProcess.executable.path, "--db", runner.databasePath] + arguments,
      environment: runner.environment, input: standardInput, errors: .file(errorFile.path))
    return Running(process: process, errorFile: errorFile)
  }

  /// The command did not get to the phase a test waits for.
  private struct PhaseNotReached: Error, CustomStringConvertible {
    var description: String
  }

  /// Polls `condition` until it holds, sends `number` at once, and waits until the process
  /// ends or the hang limit passes (then it is killed, and the test fails), doing `meanwhile`
  /// between polls. All of it on one thread of its own, so nothing comes between the phase
  /// and the signal.
  ///
  /// - Throws: ``PhaseNotReached`` when the process ends first or 2 minutes pass.
  private func stop(
    _ running: Running, with number: Int32, once what: String? = nil,
    when condition: @escaping () -> Bool = { true }, meanwhile: @escaping () -> Void = {}
  ) async throws -> Ending {
    let process = running.process
    let outcome = await onOwnThread(Unshared((process, condition, meanwhile))) {
      shared -> Bool? in
      let (process, condition, meanwhile) = shared
      let start = ContinuousClock.now
      while !condition() {
        guard process.isRunning, ContinuousClock.now < start + .seconds(120) else {
          process.send(SIGKILL)
          return nil
        }
        meanwhile()
        usleep(1_000)
      }
      process.send(number)
      let deadline = ContinuousClock.now + Self.hangLimit
      while process.isRunning, ContinuousClock.now < deadline {
        meanwhile()
        usleep(2_000)
      }
      let hung = process.isRunning
      // Kills a command that hung, and reaps it.
      process.exitBlocking(within: .zero)
      return hung
    }
    guard let hung = outcome else {
      throw PhaseNotReached(description: "the command never got to where \(what ?? "")")
    }
    #expect(!hung, "the command went on after the signal")
    return Ending(
      status: process.exitStatus,
      error: try String(contentsOf: running.errorFile, encoding: .utf8))
  }

  /// Runs `body` on a thread of its own and waits for it: a signal must come while the
  /// command is in its phase, and the suite's other tests may hold every thread of the
  /// cooperative pool (a poll there came a minute late, after the import had finished).
  private func onOwnThread<Value: Sendable, Shared>(
    _ shared: Unshared<Shared>, _ body: @escaping @Sendable (Shared) -> Value
  ) async -> Value {
    await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: body(shared.value)) }.start()
    }
  }

  /// Opens the FIFO for writing once a reader has it open (polled: opening it without a reader
  /// fails at once), or fails after 2 minutes.
  private func openWriter(_ fifo: String, while process: Running) async throws -> Int32 {
    for _ in 0..<24_000 {
      let writer = open(fifo, O_WRONLY | O_NONBLOCK)
      if writer >= 0 { return writer }
      try await Task.sleep(for: .milliseconds(5))
    }
    throw PhaseNotReached(description: "the import never opened the pipe")
  }

  /// The bytes the process has read, from `/proc/PID/io`.
  private func bytesRead(by running: Running) -> Int {
    guard
      let text = try? String(
        contentsOfFile: "/proc/\(running.process.pid)/io", encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("rchar:") })
    else { return 0 }
    return Int(line.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces)) ?? 0
  }

  /// The paths of the files the process holds open.
  private static func openFiles(of running: Running) -> [String] {
    let folder = "/proc/\(running.process.pid)/fd"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.compactMap {
      try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)")
    }
  }

  /// Every file under `folder`, hidden ones and those in subfolders included.
  private static func files(under folder: String) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
    return walker.compactMap { $0 as? String }.filter { name in
      var isFolder: ObjCBool = false
      return FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isFolder)
        && !isFolder.boolValue
    }
  }

  /// An Anki package of `pictures` notes, each showing a picture of its own, written by
  /// Python's standard library (zipfile and sqlite3).
  private static func writePackage(at path: String, pictures: Int) async throws {
    let script = """
      import json, sqlite3, sys, tempfile, zipfile, os
      path, count = sys.argv[1], int(sys.argv[2])
      folder = tempfile.mkdtemp()
      collection = os.path.join(folder, "collection.anki2")
      db = sqlite3.connect(collection)
      db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, flds TEXT)")
      db.executemany("INSERT INTO notes VALUES (?, ?)",
          [(i + 1, "term %d\\x1fmeaning <img src=\\"p%d.png\\">" % (i, i)) for i in range(count)])
      db.commit()
      db.close()
      with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as z:
          z.write(collection, "collection.anki2")
          z.writestr("media", json.dumps({str(i): "p%d.png" % i for i in range(count)}))
          for i in range(count):
              z.writestr(str(i), b"\\x89PNG" + i.to_bytes(4, "big") + bytes(4096))
      """
    let python = try await SpawnedCommand.run(["python3", "-c", script, path, String(pictures)])
    try #require(python.status == 0, "python3 could not write the package: \(python.error)")
  }
}
