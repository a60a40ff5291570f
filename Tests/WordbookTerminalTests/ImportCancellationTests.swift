import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Ctrl-C during `wordbook import` stops the reading too, not only the saving.
@Suite struct ImportCancellationTests {
  /// A pipe whose writer never stops: before the fix the import read on until the writer
  /// closed it, long after Ctrl-C.
  @Test func ctrlCStopsAnImportFromAnEndlessPipe() async throws {
    let runner = try WordbookProcess()
    defer { runner.removeFolder() }
    let fifo = runner.folder.appendingPathComponent("cards.tsv").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let process = Process()
    process.executableURL = WordbookProcess.executable
    process.arguments = ["--db", runner.databasePath, "import", fifo, "--book", "Piped"]
    process.environment = runner.environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Writing after the import closed the pipe must fail with EPIPE, not kill the tests.
    signal(SIGPIPE, SIG_IGN)
    let writer = open(fifo, O_WRONLY)
    try #require(writer >= 0)
    let line = Array("term\tmeaning\n".utf8)
    let block = [UInt8]((0..<4096).flatMap { _ in line })
    // 1 MiB went through a 64 KiB pipe, so the import is reading inside its transaction,
    // with its Ctrl-C handler in place.
    var written = 0
    while written < 1 << 20 {
      let count = block.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      written += count
    }
    kill(process.processIdentifier, SIGINT)
    // Keep writing, as an endless producer would, until the import ends or 20 s pass.
    _ = fcntl(writer, F_SETFL, fcntl(writer, F_GETFL) | O_NONBLOCK)
    let deadline = ContinuousClock.now + .seconds(20)
    while process.isRunning, ContinuousClock.now < deadline {
      _ = block.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
      try await Task.sleep(for: .milliseconds(5))
    }
    #expect(!process.isRunning, "the import went on reading after Ctrl-C")
    close(writer)
    process.waitUntilExit()
    #expect(process.terminationStatus == 128 + SIGINT)
    let books = try runner.run(["--db", runner.databasePath, "books"])
    #expect(!books.output.contains("Piped"))
  }
}
