import Foundation
import Testing
import Wordbook

@testable import WordbookTerminal

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct ImportProgressTests {
  @Test func aFileShowsTheShareReadOfItsSize() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("import-progress-\(getpid()).csv").path
    try Data(repeating: UInt8(ascii: "a"), count: 1_000).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let descriptor = open(path, O_RDONLY)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    let progress = ImportProgress(catalogue: EnglishCatalogue(), file: descriptor)
    #expect(progress.percentRead() == 0)
    var buffer = [UInt8](repeating: 0, count: 250)
    #expect(read(descriptor, &buffer, 250) == 250)
    #expect(progress.percentRead() == 25)
    #expect(
      EnglishCatalogue().text(.importing(rows: 5_000, percentRead: 25))
        == "importing: 5000 rows, 25% of the file read")
  }

  @Test func aPipeShowsTheCountAlone() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer {
      close(ends[0])
      close(ends[1])
    }
    #expect(ImportProgress(catalogue: EnglishCatalogue(), file: ends[0]).percentRead() == nil)
    #expect(EnglishCatalogue().text(.importing(rows: 1, percentRead: nil)) == "importing: 1 row")
  }
}
