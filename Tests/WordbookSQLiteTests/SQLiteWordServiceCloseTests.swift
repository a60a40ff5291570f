import Foundation
import Testing
import Wordbook
import WordbookSQLite

/// `close()`: the file is closed at once, later calls say so, and closing twice is harmless.
@Suite struct SQLiteWordServiceCloseTests {
  let folder: TemporaryFolder
  let path: String

  init() throws {
    folder = try TemporaryFolder()
    path = folder.file("wordbook.sqlite")
  }

  /// How many of this process's open file descriptors name the database file.
  func openDescriptors() throws -> Int {
    let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")
    return descriptors.filter { descriptor in
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)"))
        == path
    }.count
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd")))
  func closingClosesTheFileAndLaterCallsSaySo() async throws {
    let service = try SQLiteWordService(path: path)
    let book = try await service.createBook(title: "Verbs")
    #expect(try openDescriptors() > 0)
    await service.close()
    #expect(try openDescriptors() == 0)
    let error = await #expect(throws: WordServiceError.self) {
      _ = try await service.fetchBooks()
    }
    #expect(error?.kind == .other)
    #expect(error?.isRetryable == false)
    #expect(
      error?.message == "The wordbook database \(path) was closed by this program. "
        + "Open it again to use it.")
    await service.close()
    let reopened = try SQLiteWordService(path: path)
    #expect(try await reopened.fetchBooks() == [book])
  }
}
