import Foundation
import StoreTesting
import Testing

@Suite struct SnapshotTests {
  /// A snapshot folder in a fresh temporary directory, as if beside a test file.
  func withSnapshots(
    recording: Bool = false,
    isCI: Bool = false,
    _ body: (SnapshotDirectory) throws -> Void
  ) throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("SnapshotTests-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let testFile = folder.appendingPathComponent("FeatureTests.swift").path
    try body(SnapshotDirectory(testFilePath: testFile, recording: recording, isCI: isCI))
  }

  @Test func aStoredSnapshotMatches() {
    let shelf = Shelf(
      name: "Korean", kind: .archived(since: 2024, reason: nil), labels: ["topik", "daily"],
      counts: ["verbs": 120, "nouns": 300], parent: "Languages")
    assertSnapshot(of: shelf)
    assertSnapshot(of: TodoState(items: ["Milk", "Eggs"], ticks: 2), named: "todos")
  }

  @Test func snapshotsLiveBesideTheTestFileByTestName() throws {
    try withSnapshots { snapshots in
      let file = snapshots.fileURL(test: "loadsWords()", name: "after load")
      #expect(file.lastPathComponent == "loadsWords.after_load.txt")
      #expect(file.deletingLastPathComponent().lastPathComponent == "FeatureTests")
      #expect(
        file.deletingLastPathComponent().deletingLastPathComponent().lastPathComponent
          == "__Snapshots__")
    }
  }

  @Test func aMissingSnapshotFailsAndIsWritten() throws {
    try withSnapshots { snapshots in
      let failure = try #require(snapshots.check("A\nB", test: "first()", name: nil))
      #expect(failure.hasPrefix("No snapshot at "))
      #expect(failure.hasSuffix(": recorded it. Check it and run the test again."))
      let file = snapshots.fileURL(test: "first()", name: nil)
      #expect(try String(contentsOf: file, encoding: .utf8) == "A\nB\n")
      #expect(snapshots.check("A\nB", test: "first()", name: nil) == nil)
    }
  }

  @Test func aMismatchFailsWithALineDiffAndWritesNothing() throws {
    try withSnapshots { snapshots in
      _ = snapshots.check("A\nB\nC", test: "first()", name: nil)
      let failure = try #require(snapshots.check("A\nX\nC", test: "first()", name: nil))
      #expect(
        failure.hasSuffix(
          """
           (- snapshot, + actual):
            A
          - B
          + X
            C
          \("  ")
          Run with RECORD_SNAPSHOTS=1 to re-record it if the change is right.
          """))
      let file = snapshots.fileURL(test: "first()", name: nil)
      #expect(try String(contentsOf: file, encoding: .utf8) == "A\nB\nC\n")
    }
  }

  @Test func recordingRewritesADifferentSnapshotAndFails() throws {
    try withSnapshots { snapshots in
      _ = snapshots.check("old", test: "first()", name: nil)
    }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("SnapshotTests-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let testFile = folder.appendingPathComponent("FeatureTests.swift").path
    let plain = SnapshotDirectory(testFilePath: testFile, recording: false, isCI: false)
    let recording = SnapshotDirectory(testFilePath: testFile, recording: true, isCI: false)
    _ = plain.check("old", test: "first()", name: nil)
    let failure = try #require(recording.check("new", test: "first()", name: nil))
    #expect(failure.hasPrefix("Re-recorded the snapshot at "))
    #expect(plain.check("new", test: "first()", name: nil) == nil)
    #expect(recording.check("new", test: "first()", name: nil) == nil)
  }

  @Test func onCINothingIsEverWritten() throws {
    try withSnapshots(recording: true, isCI: true) { snapshots in
      let missing = try #require(snapshots.check("A", test: "first()", name: nil))
      #expect(missing.hasSuffix("and CI is set, so none was written."))
      let file = snapshots.fileURL(test: "first()", name: nil)
      #expect(!FileManager.default.fileExists(atPath: file.path))
    }
  }

  @Test func assertSnapshotReportsAMismatchAtTheCaller() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("SnapshotTests-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let testFile = folder.appendingPathComponent("FeatureTests.swift").path
    let stored = SnapshotDirectory(testFilePath: testFile, recording: false, isCI: false)
      .fileURL(test: "mismatch()", name: "list")
    try FileManager.default.createDirectory(
      at: stored.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(#"["a", "c"]"#.utf8 + [0x0A]).write(to: stored)
    let line = #line + 2
    let issues = await recordedIssues {
      assertSnapshot(of: ["a", "b"], named: "list", filePath: testFile, function: "mismatch()")
    }
    #expect(issues.map(\.line) == [line])
    #expect(issues.first?.message.contains("- [\"a\", \"c\"]\n+ [\"a\", \"b\"]") == true)
  }
}
