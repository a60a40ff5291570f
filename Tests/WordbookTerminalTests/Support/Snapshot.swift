import Foundation
import StoreTesting
import Testing

/// Compares a rendered screen with its snapshot, stored as plain text beside the test file in
/// `__Snapshots__/<TestFile>/<test>.<name>.txt`, with StoreTesting's snapshot policy: a
/// missing snapshot fails and is written, `RECORD_SNAPSHOTS=1` re-records, and nothing is
/// written when `CI` is set.
///
/// Screens are stored as they show, not as a dump of an array of strings, so a snapshot reads
/// like the terminal.
func assertScreenSnapshot(
  _ screen: String, named name: String, filePath: String = #filePath,
  function: String = #function, sourceLocation: SourceLocation = #_sourceLocation
) {
  let environment = ProcessInfo.processInfo.environment
  let snapshots = SnapshotDirectory(
    testFilePath: filePath, recording: environment["RECORD_SNAPSHOTS"] == "1",
    isCI: environment["CI"] != nil)
  if let failure = snapshots.check(screen, test: function, name: name) {
    Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
  }
}
