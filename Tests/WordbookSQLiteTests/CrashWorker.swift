import Foundation
import WordbookTestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the `SQLiteCrashWorker` executable: kills a writing worker, or starts many that open
/// one database at the same moment.
enum CrashWorker {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// The worker binary: built beside the test bundle, in the same products folder.
  static func executable() -> URL? {
    var starts = [Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0])]
    starts += Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
    for start in starts {
      var folder = start.deletingLastPathComponent()
      for _ in 0..<4 {
        let candidate = folder.appendingPathComponent("SQLiteCrashWorker")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        folder = folder.deletingLastPathComponent()
      }
    }
    return nil
  }

  /// Starts the worker, waits (up to 20 s) for `lines` acknowledged writes, waits `jitter`
  /// microseconds more, kills it with SIGKILL and returns every line it printed.
  static func runAndKill(
    _ executable: URL, arguments: [String], afterLines lines: Int, jitter: useconds_t
  ) async throws -> [String] {
    let slot = await ProcessSlots.commands.take()
    defer { withExtendedLifetime(slot) {} }
    let process = try SpawnedProcess([executable.path] + arguments, output: .pipe)
    let reader = process.output.fileDescriptor
    var output: [UInt8] = []
    let deadline = ContinuousClock.now + .seconds(20)
    var finished = false
    while !finished, output.count(where: { $0 == 10 }) < lines {
      guard ContinuousClock.now < deadline else {
        process.send(SIGTERM)
        throw Failure(description: "worker printed no acknowledgement for 20 s")
      }
      finished = await readAvailable(reader, into: &output, waitingMilliseconds: 5)
    }
    try await Task.sleep(for: .microseconds(jitter))
    process.send(SIGKILL)
    while !finished, ContinuousClock.now < deadline {
      finished = await readAvailable(reader, into: &output, waitingMilliseconds: 5)
    }
    await process.exit(within: .seconds(20))
    let text = String(decoding: output, as: UTF8.self)
    if let error = text.split(separator: "\n").first(where: { $0.hasPrefix("error") }) {
      throw Failure(description: "worker failed: \(error)")
    }
    // A line cut short by the kill was never acknowledged.
    return text.split(separator: "\n", omittingEmptySubsequences: true)
      .dropLast(text.hasSuffix("\n") ? 0 : 1)
      .map(String.init)
  }

  /// What one opening worker printed and how it ended.
  struct Opening {
    let output: String
    let status: Int32
  }

  /// Starts `count` workers in `--open` mode on `path`, releases them together once all are
  /// running, and waits (up to 180 s in all) for every one to finish.
  static func openAtOnce(_ executable: URL, path: String, count: Int) async throws
    -> [Opening]
  {
    // One slot for the whole batch: the workers must start together, and the batches of
    // several tests at once (each of a TSAN-built worker) left some unfinished after 60 s.
    let slot = await ProcessSlots.commands.take()
    defer { withExtendedLifetime(slot) {} }
    var started: [SpawnedProcess] = []
    defer {
      for worker in started { worker.send(SIGTERM) }
    }
    for _ in 0..<count {
      started.append(
        try SpawnedProcess([executable.path, "--open", path], input: .pipe, output: .pipe))
    }
    // Each worker blocks reading its first line, so they all start opening at once.
    for worker in started {
      try worker.input.write(contentsOf: Data("go\n".utf8))
    }
    // A guard against a hang, not a speed target: the thread sanitizer's whole-suite run once
    // kept a TSAN-built batch past 60 s.
    let deadline = ContinuousClock.now + .seconds(180)
    var openings: [Opening] = []
    for (index, worker) in started.enumerated() {
      let reader = worker.output.fileDescriptor
      var output: [UInt8] = []
      while await !readAvailable(reader, into: &output, waitingMilliseconds: 5) {
        guard ContinuousClock.now < deadline else {
          let state = worker.isRunning ? "still running" : "ended"
          throw Failure(
            description: "opening worker \(index + 1) of \(count) did not finish within 180 s "
              + "(\(state), having printed \(String(decoding: output, as: UTF8.self).debugDescription))"
          )
        }
      }
      await worker.exit(within: .seconds(20))
      openings.append(
        Opening(output: String(decoding: output, as: UTF8.self), status: worker.exitStatus))
    }
    return openings
  }

  /// Reads what is available, first waiting (suspended, so no thread of the pool is held) when
  /// nothing is; `true` at end of file.
  private static func readAvailable(
    _ descriptor: Int32, into output: inout [UInt8], waitingMilliseconds: Int
  ) async -> Bool {
    var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    if poll(&poller, 1, 0) <= 0 {
      try? await Task.sleep(for: .milliseconds(waitingMilliseconds))
      guard poll(&poller, 1, 0) > 0 else { return false }
    }
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return true }
    output += buffer[0..<count]
    return false
  }
}
