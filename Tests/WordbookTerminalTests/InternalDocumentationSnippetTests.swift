import Foundation
import Testing

@testable import WordbookTerminal

/// The examples in the comments of WordbookTerminal's internal types, as written there.
@Suite struct InternalDocumentationSnippetTests {
  /// `ArgumentSplitter`.
  @Test func splittingArguments() throws {
    let split = try ArgumentSplitter(options: ["db"], flags: ["help"])
      .split(["--db=w.sqlite", "words", "--", "--odd"])
    // split.values == ["words", "--odd"], split.firstLiteral == 1,
    // split.options == ["db": "w.sqlite"]
    #expect(split.values == ["words", "--odd"])
    #expect(split.firstLiteral == 1)
    #expect(split.options == ["db": "w.sqlite"])
  }

  /// `CommandLineParser`.
  @Test func parsingACommandLine() throws {
    #expect(
      try CommandLineParser.parse(["--db", "/tmp/w.sqlite", "add", "Verbs", "가다", "to go"])
        == Invocation(
          command: AddCommand(book: "Verbs", term: "가다", meaning: "to go"),
          databasePath: "/tmp/w.sqlite"))
  }

  /// `OutputFile`.
  @Test func writingAnOutputFile() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("InternalDocumentationSnippetTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("words.csv").path
    let protected = ProtectedFiles()

    let output = try OutputFile.open(path, for: "--output", protecting: protected)
    try output.write("term,meaning\n")
    try output.commit()
    #expect(FileManager.default.contents(atPath: path) == Data("term,meaning\n".utf8))
  }
}
