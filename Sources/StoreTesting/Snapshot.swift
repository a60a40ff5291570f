import Foundation
import StoreCore
import Testing

/// Checks that the text dump of `value` (see ``textDump(of:)``) matches the snapshot stored
/// beside the test, in `__Snapshots__/<TestFile>/<test>.txt`.
///
/// A missing snapshot fails the test and is written, so the next run passes once you have
/// read it. `RECORD_SNAPSHOTS=1` re-records snapshots that differ (and fails, so a recording
/// run is never mistaken for a passing one). When the `CI` environment variable is set nothing
/// is ever written, so a rerun on CI cannot turn a failure green. A mismatch fails with a line
/// diff (`-` snapshot, `+` actual).
///
/// Exclude the folder from the test target: `exclude: ["__Snapshots__"]` in `Package.swift`.
///
/// ```swift
/// @Test func studySession() {
///   assertSnapshot(of: TodoList(items: ["Milk", "Eggs"]), named: "two-items")
/// }
/// ```
///
/// - Parameters:
///   - value: The value to dump.
///   - name: Tells several snapshots of one test apart; appended to the file name.
///   - filePath: The test file (filled in for you).
///   - function: The test function (filled in for you).
///   - sourceLocation: Where the assertion is written (filled in for you).
public func assertSnapshot(
  of value: Any,
  named name: String? = nil,
  filePath: String = #filePath,
  function: String = #function,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let environment = ProcessInfo.processInfo.environment
  let snapshots = SnapshotDirectory(
    testFilePath: filePath,
    recording: environment["RECORD_SNAPSHOTS"] == "1",
    isCI: environment["CI"] != nil
  )
  let failure = snapshots.check(
    textDump(of: value), test: function, name: name)
  if let failure { Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation) }
}

/// The snapshots of one test file and the policy for writing them.
package struct SnapshotDirectory {
  /// The folder holding the test file's snapshots.
  package let url: URL
  /// Whether differing snapshots are rewritten.
  package let recording: Bool
  /// Whether nothing may be written.
  package let isCI: Bool

  /// The snapshots of the test file at `testFilePath`.
  package init(testFilePath: String, recording: Bool, isCI: Bool) {
    let testFile = URL(fileURLWithPath: testFilePath)
    url =
      testFile.deletingLastPathComponent()
      .appendingPathComponent("__Snapshots__")
      .appendingPathComponent(testFile.deletingPathExtension().lastPathComponent)
    self.recording = recording
    self.isCI = isCI
  }

  /// The file of the snapshot `name` of `test` (a `#function` such as `loading()`).
  package func fileURL(test: String, name: String?) -> URL {
    let base = test.prefix { $0 != "(" }
    let file = [String(base), name].compactMap { $0 }.joined(separator: ".")
    return url.appendingPathComponent(Self.sanitized(file) + ".txt")
  }

  /// Compares `dump` with the stored snapshot, writing it when allowed.
  ///
  /// - Returns: The failure message, or `nil` when the snapshot matches.
  package func check(_ dump: String, test: String, name: String?) -> String? {
    let file = fileURL(test: test, name: name)
    let contents = dump + "\n"
    guard let data = FileManager.default.contents(atPath: file.path),
      let stored = String(data: data, encoding: .utf8)
    else {
      if isCI { return "No snapshot at \(file.path), and CI is set, so none was written." }
      if let error = write(contents, to: file) { return error }
      return "No snapshot at \(file.path): recorded it. Check it and run the test again."
    }
    guard stored != contents else { return nil }
    let diff = LineDiff(expected: stored, actual: contents).rendered
    if recording, !isCI {
      if let error = write(contents, to: file) { return error }
      return "Re-recorded the snapshot at \(file.path) (- old, + new):\n\(diff)"
    }
    return "The value does not match the snapshot at \(file.path) (- snapshot, + actual):\n"
      + "\(diff)\nRun with RECORD_SNAPSHOTS=1 to re-record it if the change is right."
  }

  private func write(_ contents: String, to file: URL) -> String? {
    do {
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(contents.utf8).write(to: file, options: .atomic)
      return nil
    } catch {
      return "Could not write the snapshot at \(file.path): \(error)"
    }
  }

  private static func sanitized(_ name: String) -> String {
    String(name.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "_" })
  }
}
