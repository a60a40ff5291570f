import Foundation
import Testing

/// `wordbook serve` on a machine without libmicrohttpd: the loader's real failure, reached by
/// naming a library that does not exist, so the suite runs whether or not it is installed.
@Suite struct ServeWithoutLibraryTests {
  private static let missingLibrary = ["WORDBOOK_LIBMICROHTTPD": "libwordbook-absent.so.12"]

  @Test func serveSaysWhichPackageToInstallAndExitsWithStatus1() async throws {
    let runner = try WordbookProcess()
    defer { try? FileManager.default.removeItem(at: runner.folder) }
    let outcome = try await runner.run(
      ["--db", runner.databasePath, "serve", "--port", "0"], environment: Self.missingLibrary)
    #expect(outcome.status == 1)
    #expect(outcome.output.isEmpty)
    let lines = outcome.error.split(separator: "\n")
    #expect(lines.count == 1, "\(outcome.error)")
    #expect(outcome.error.hasPrefix("wordbook: "))
    #expect(outcome.error.contains("libmicrohttpd12"))
    #expect(outcome.error.contains("libwordbook-absent.so.12"))
  }

  @Test func everyOtherCommandStillWorks() async throws {
    let runner = try WordbookProcess()
    defer { try? FileManager.default.removeItem(at: runner.folder) }
    let database = ["--db", runner.databasePath]
    let created = try await runner.run(
      database + ["new-book", "Without a server"], environment: Self.missingLibrary)
    #expect(created.status == 0, "\(created.error)")
    let added = try await runner.run(
      database + ["add", "Without a server", "term", "meaning"], environment: Self.missingLibrary)
    #expect(added.status == 0, "\(added.error)")
    let words = try await runner.run(
      database + ["words", "Without a server"], environment: Self.missingLibrary)
    #expect(words.status == 0, "\(words.error)")
    #expect(words.output.contains("term"))
  }
}
