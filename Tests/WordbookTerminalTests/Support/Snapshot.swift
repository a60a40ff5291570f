import Foundation
import Testing

/// Compares `text` with the snapshot stored beside the test file, under
/// `__Snapshots__/<TestFile>/<name>.txt`.
///
/// A missing or different snapshot fails the test. Set `RECORD_SNAPSHOTS=1` to write the
/// current text as the new snapshot instead (never on CI).
func assertSnapshot(
  _ text: String, named name: String, filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let testFile = URL(fileURLWithPath: filePath)
  let folder = testFile.deletingLastPathComponent()
    .appendingPathComponent("__Snapshots__")
    .appendingPathComponent(testFile.deletingPathExtension().lastPathComponent)
  let file = folder.appendingPathComponent("\(name).txt")
  if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: file)
    } catch {
      Issue.record("could not record \(file.path): \(error)", sourceLocation: sourceLocation)
    }
    return
  }
  guard let data = FileManager.default.contents(atPath: file.path) else {
    Issue.record(
      "no snapshot at \(file.path); run with RECORD_SNAPSHOTS=1 to record it",
      sourceLocation: sourceLocation)
    return
  }
  let expected = String(decoding: data, as: UTF8.self)
  guard expected != text else { return }
  let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
  let actualLines = text.split(separator: "\n", omittingEmptySubsequences: false)
  let firstDifference =
    zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
    ?? min(expectedLines.count, actualLines.count)
  Issue.record(
    """
    snapshot \(name) differs at line \(firstDifference + 1)
    --- expected (\(file.lastPathComponent))
    \(expected)
    --- actual
    \(text)
    """,
    sourceLocation: sourceLocation)
}
