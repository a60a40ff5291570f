import Foundation
import Testing

/// Every real export and word list in `../shared/data/` imported through `wordbook import`,
/// with the counts and rejected lines its `SOURCE.md` describes.
@Suite struct RealDataImportTests {
  /// One file of `../shared/data/` and what importing it must give.
  struct Expectation: Sendable, CustomTestStringConvertible {
    var path: String
    var format: String
    var added: Int
    var rejectedLines: [Int]
    var testDescription: String { path }
  }

  private static let data = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("../shared/data").standardizedFileURL
  private static let hasData = FileManager.default.fileExists(atPath: data.path)

  static let files: [Expectation] = [
    .init(path: "anki-export-flashcards-os/OS.txt", format: "anki", added: 65, rejectedLines: []),
    // SOURCE.md counts 110 lines; the file has no final newline, so it holds 111 cards.
    .init(
      path: "quizlet-pipe-sets/dutch__self-study__animals.txt", format: "quizlet", added: 111,
      rejectedLines: []),
    .init(
      path: "quizlet-pipe-sets/german__aqa__A2__unit6.txt", format: "quizlet", added: 180,
      rejectedLines: [130]),
    .init(
      path: "quizlet-pipe-sets/german__aqa__AS__unit6.txt", format: "quizlet", added: 143,
      rejectedLines: [88]),
    .init(
      path: "quizlet-pipe-sets/japanese__university__hiragana__aiueo.txt", format: "quizlet",
      added: 5, rejectedLines: []),
    .init(
      path: "quizlet-pipe-sets/japanese__university__marugoto-a1__daily-routine-and-verbs.txt",
      format: "quizlet", added: 24, rejectedLines: [1]),
    .init(
      path: "quizlet-pipe-sets/spanish__aqa__A2__unit6_los_movimientos_populares.txt",
      format: "quizlet", added: 151, rejectedLines: []),
    .init(
      path: "quizlet-pipe-sets/spanish__aqa__general__flowers.txt", format: "quizlet", added: 136,
      rejectedLines: [27, 138]),
    .init(
      path: "quizlet-pipe-sets/spanish__aqa__master-set.txt", format: "quizlet", added: 4_779,
      rejectedLines: []),
    .init(
      path: "frequencywords-50k/en_50k.txt", format: "quizlet", added: 50_000, rejectedLines: []),
    .init(
      path: "frequencywords-50k/ko_50k.txt", format: "quizlet", added: 50_000, rejectedLines: []),
    .init(
      path: "wordset-en-defs/wordset_a-l.tsv", format: "tsv", added: 45_747, rejectedLines: []),
  ]

  @Test(
    .enabled(if: hasData, "../shared/data is absent; the real-file imports are skipped"),
    arguments: files)
  func importsTheCountsItsSourceDescribes(_ file: Expectation) async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let path = Self.data.appendingPathComponent(file.path).path
    // Tens of thousands of rows: under the thread sanitizer, beside the whole suite, an import
    // of the largest took longer than the usual 30 s.
    let result = try await process.run(
      ["--db", process.databasePath, "import", path, "--book", "Real", "--on-duplicate", "keep"],
      timeout: .seconds(300))
    #expect(result.status == 0, "\(result.error)")
    let lines = result.output.split(separator: "\n")
    #expect(lines.first?.contains("(\(file.format)) into wordbook 2 (Real)") == true)
    let counts = Self.counts(in: String(lines.first ?? ""))
    #expect(
      counts["added"].map { $0 + counts["homonyms", default: 0] + counts["duplicates", default: 0] }
        == file.added, "\(lines.first ?? "")")
    #expect(counts["rejected"] == file.rejectedLines.count)
    let rejected = result.error.split(separator: "\n").compactMap { line -> Int? in
      guard line.hasPrefix("rejected "), let number = line.range(of: ", line ") else { return nil }
      return Int(line[number.upperBound...].prefix { $0.isNumber })
    }
    #expect(rejected == file.rejectedLines)
    let books = try await process.run(["--db", process.databasePath, "books"]).output
    #expect(books.hasSuffix("2\tReal\t\(file.added)\n"))
  }

  @Test(.enabled(if: hasData, "../shared/data is absent; the real-file imports are skipped"))
  func keepsTheHomonymsOfTheSpanishMasterSetAndAddsNothingTheSecondTime() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let path = Self.data.appendingPathComponent("quizlet-pipe-sets/spanish__aqa__master-set.txt")
    let arguments = ["--db", process.databasePath, "import", path.path, "--book", "S"]
    let first = try await process.run(arguments)
    // SOURCE.md: 4,779 cards, 4,385 distinct terms; 20 of the repeated terms come with another
    // meaning (kept), the other 374 repeat a card exactly.
    #expect(
      first.output.contains(
        ": 4385 added, 20 homonyms added, 0 updated, 0 unchanged, 374 duplicates skipped, "
          + "0 rejected."), "\(first.output)")
    let second = try await process.run(arguments)
    #expect(
      second.output.contains(
        ": 0 added, 0 homonyms added, 0 updated, 0 unchanged, 4779 duplicates skipped, "
          + "0 rejected."), "\(second.output)")
    let books = try await process.run(["--db", process.databasePath, "books"]).output
    #expect(books.hasSuffix("2\tS\t4405\n"))
  }

  /// The numbers of an import summary by their first word: `added`, `homonyms`, `updated`,
  /// `unchanged`, `duplicates`, `rejected`.
  static func counts(in summary: String) -> [String: Int] {
    let list = summary.split(separator: "): ").last ?? ""
    var counts: [String: Int] = [:]
    for part in list.split(separator: ", ") {
      let words = part.split(separator: " ")
      guard words.count >= 2, let number = Int(words[0]) else { continue }
      // A count of one names its noun in the singular ("1 homonym added").
      var name = String(words[1]).trimmingCharacters(in: .punctuationCharacters)
      if number == 1, name == "homonym" || name == "duplicate" { name += "s" }
      counts[name] = number
    }
    return counts
  }
}
