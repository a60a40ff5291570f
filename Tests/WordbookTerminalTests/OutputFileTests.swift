import Foundation
import Testing
import WordbookTestSupport

@testable import WordbookTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// Every file a command writes goes through `OutputFile`: these run the built `wordbook` as a
/// careless or hostile user would and check that nothing it must not write changes.
@Suite struct OutputFileTests {
  private func bytes(_ path: String) -> Data? {
    FileManager.default.contents(atPath: path)
  }

  private func expectRefused(
    _ outcome: WordbookProcess.Outcome, _ fragment: String?,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(outcome.status == 1, sourceLocation: sourceLocation)
    #expect(outcome.error.hasPrefix("wordbook: "), sourceLocation: sourceLocation)
    if let fragment {
      #expect(outcome.error.contains(fragment), sourceLocation: sourceLocation)
    }
    #expect(outcome.error.filter { $0 == "\n" }.count == 1, sourceLocation: sourceLocation)
  }

  @Test func theDatabaseIsRefusedUnderEveryName() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let folder = process.folder.path
    let database = process.databasePath
    #expect(try await process.run(["--db", database, "books"]).status == 0)
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/link.sqlite", withDestinationPath: database)
    let before = try #require(bytes(database))
    let names = [
      database, folder + "/link.sqlite",
      folder + "/../" + process.folder.lastPathComponent + "/words.sqlite",
      database + "-wal", database + "-shm",
    ]
    for name in names {
      expectRefused(
        try await process.run(["--db", database, "export", "1", "--output", name]), "not written")
      expectRefused(
        try await process.run(["--db", database, "--record", name, "study"]), "not written")
    }
    // A second hard link makes the database refuse to open at all, for its own safety:
    // either way nothing is written.
    try FileManager.default.linkItem(atPath: database, toPath: folder + "/hard.sqlite")
    expectRefused(
      try await process.run(["--db", database, "export", "1", "--output", folder + "/hard.sqlite"]),
      nil)
    #expect(bytes(database) == before)
    #expect(FileManager.default.fileExists(atPath: database + "-wal") == false)
  }

  @Test func standardOutputOntoTheDatabaseIsRefused() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let database = process.databasePath
    #expect(try await process.run(["--db", database, "books"]).status == 0)
    let before = try #require(bytes(database))
    expectRefused(
      try await process.run(["--db", database, "words", "1"], standardOutput: database),
      "standard output")
    #expect(bytes(database) == before)
  }

  @Test func onlyAStudySessionIsRecordedSoAnImportKeepsItsFile() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let deck = process.folder.appendingPathComponent("deck.tsv").path
    try Data("가다\tto go\n".utf8).write(to: URL(fileURLWithPath: deck))
    let before = try #require(bytes(deck))
    let outcome = try await process.run(
      ["--db", process.databasePath, "--record", deck, "import", deck, "--book", "D"])
    #expect(outcome.status == 2)
    #expect(outcome.error.contains("--record records a study session"))
    #expect(bytes(deck) == before)
    // Refused before the database was opened: no book D, not even a database.
    #expect(FileManager.default.fileExists(atPath: process.databasePath) == false)
  }

  @Test func anExistingFileIsReplacedKeepingItsModeAndItsSymlink() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let folder = process.folder.path
    let target = folder + "/private.csv"
    try Data("old\n".utf8).write(to: URL(fileURLWithPath: target))
    chmod(target, 0o600)
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/export.csv", withDestinationPath: "private.csv")
    let outcome = try await process.run(
      ["--db", process.databasePath, "export", "1", "--output", folder + "/export.csv"])
    #expect(outcome.status == 0)
    let link = try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/export.csv")
    #expect(link == "private.csv")
    var info = stat()
    #expect(stat(target, &info) == 0)
    #expect(info.st_mode & 0o7777 == 0o600)
    let text = String(decoding: try #require(bytes(target)), as: UTF8.self)
    #expect(text.hasPrefix("term,meaning,state,image\n"))
    let names = try FileManager.default.contentsOfDirectory(atPath: folder)
    #expect(!names.contains { $0.hasSuffix(".tmp") })
  }

  @Test func aFIFOIsWrittenInPlaceAndAFolderIsRefused() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let fifo = process.folder.appendingPathComponent("pipe").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let received = ReceivedBytes()
    let reader = Thread {
      let descriptor = open(fifo, O_RDONLY)
      guard descriptor >= 0 else { return }
      defer { close(descriptor) }
      var data = Data()
      var chunk = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = read(descriptor, &chunk, chunk.count)
        guard count > 0 else { break }
        data.append(contentsOf: chunk[0..<count])
      }
      received.set(data)
    }
    reader.start()
    let outcome = try await process.run([
      "--db", process.databasePath, "export", "1", "--output", fifo,
    ])
    #expect(outcome.status == 0)
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(10)
    while received.value == nil, clock.now < deadline {
      try await Task.sleep(for: .milliseconds(2))
    }
    let text = String(decoding: try #require(received.value), as: UTF8.self)
    #expect(text.hasPrefix("term,meaning,state,image\n"))
    var info = stat()
    #expect(lstat(fifo, &info) == 0)
    #expect(info.st_mode & S_IFMT == S_IFIFO)
    expectRefused(
      try await process.run(
        ["--db", process.databasePath, "export", "1", "--output", process.folder.path]),
      "is a folder")
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full"))
  func aFullDiskEndsWithExitOne() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let database = process.databasePath
    #expect(try await process.run(["--db", database, "books"]).status == 0)
    expectRefused(
      try await process.run(["--db", database, "export", "1", "--output", "/dev/full"]),
      "No space left on device")
    expectRefused(
      try await process.run(["--db", database, "export", "1"], standardOutput: "/dev/full"),
      "cannot write to standard output")
    expectRefused(
      try await process.run(["--db", database, "words", "1"], standardOutput: "/dev/full"),
      "cannot write to standard output")
    var info = stat()
    #expect(stat("/dev/full", &info) == 0)
    #expect(info.st_mode & S_IFMT == S_IFCHR)
  }

  @Test func aClosedPipeEndsQuietly() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    for index in 0..<3 {
      let meaning = String(repeating: "m", count: 40_000)
      #expect(
        try await process.run(["--db", process.databasePath, "add", "1", "word \(index)", meaning])
          .status == 0)
    }
    // A pipe whose reader is gone before the command writes a byte.
    let ends = try #require(SpawnedDescriptors.pipe())
    close(ends.reader)
    defer { close(ends.writer) }
    let child = try SpawnedProcess(
      [WordbookProcess.executable.path, "--db", process.databasePath, "words", "1"],
      environment: process.environment, output: .descriptor(ends.writer), errors: .pipe)
    #expect(await child.exit(within: .seconds(30)))
    // Not 128 + SIGPIPE: the command ends by itself, quietly.
    #expect(child.exitStatus == 0)
    #expect(child.errors.readDataToEndOfFile().isEmpty)
  }

  @Test func aFailedOutputLeavesNothingBehind() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let folder = process.folder.path
    let existing = folder + "/kept.csv"
    try Data("kept\n".utf8).write(to: URL(fileURLWithPath: existing))
    let protected = ProtectedFiles()
    let replacement = try OutputFile.open(existing, for: "--output", protecting: protected)
    try replacement.write("half")
    replacement.discard()
    let created = try OutputFile.open(folder + "/new.csv", for: "--output", protecting: protected)
    try created.write("half")
    created.discard()
    #expect(bytes(existing) == Data("kept\n".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["kept.csv"])
  }

  @Test func exportEscapesControlsOnATerminalAndKeepsExactBytesElsewhere() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let hostile = "title\u{1B}]0;pwned\u{7}\u{1B}]52;c;aGk=\u{7}\u{1B}[2J"
    let database = process.databasePath
    #expect(try await process.run(["--db", database, "add", "1", hostile, "meaning"]).status == 0)
    let file = process.folder.appendingPathComponent("out.tsv").path
    #expect(try await process.run(["--db", database, "export", "1", "--output", file]).status == 0)
    let exported = String(decoding: try #require(bytes(file)), as: UTF8.self)
    #expect(exported.contains(hostile))

    let terminal = try await PseudoTerminalSession(
      arguments: ["--db", process.databasePath, "export", "1"],
      environment: process.environment)
    #expect(try await terminal.waitForExit() == 0)
    #expect(terminal.text.contains("title^[]0;pwned^G^[]52;c;aGk=^G^[[2J"))
    #expect(!terminal.text.contains("\u{1B}"))
  }

  @Test func pathsInMessagesAreEscaped() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let path = process.folder.path + "/missing\u{1B}[2J\u{1B}]0;x\u{7}/out.csv"
    let outcome = try await process.run(["export", "1", "--output", path])
    expectRefused(outcome, "missing^[[2J^[]0;x^G/out.csv")
    #expect(!outcome.error.contains("\u{1B}"))
  }
}

/// Bytes handed from a reader thread to the test.
private final class ReceivedBytes: @unchecked Sendable {
  // Invariant: `stored` is only touched with `lock` held.
  private let lock = NSLock()
  private var stored: Data?

  var value: Data? { lock.withLock { stored } }

  func set(_ data: Data) { lock.withLock { stored = data } }
}
