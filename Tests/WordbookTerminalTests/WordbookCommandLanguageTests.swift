import Foundation
import Testing

/// `wordbook` speaks the locale's language: labels, summaries and errors follow `LANG`, while
/// data lines, titles and terms stay as they are.
@Suite struct WordbookCommandLanguageTests {
  private static let korean = ["LANG": "ko_KR.UTF-8"]
  private static let english = ["LANG": "C.UTF-8"]

  @Test func subcommandsSpeakKoreanUnderAKoreanLocale() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let db = ["--db", process.databasePath]
    func run(_ arguments: [String]) async throws -> WordbookProcess.Outcome {
      try await process.run(db + arguments, environment: Self.korean)
    }

    let books = try await run(["books"])
    #expect(books.output == "1\tKorean basics\t12\n")
    let stats = try await run(["stats"])
    #expect(stats.status == 0)
    #expect(stats.output == "1\tKorean basics\t전체 12\t외움 0\t모름 0\t안 봄 12\n")

    let missing = try await run(["words", "Verbs"])
    #expect(missing.status == 1)
    #expect(missing.error == "wordbook: 제목이 'Verbs'인 단어장이 없습니다. 'wordbook books'로 확인하세요.\n")

    let taken = try await run(["new-book", " korean BASICS "])
    #expect(taken.status == 1)
    #expect(
      taken.error
        == "wordbook: 단어장 \"Korean basics\"(ID 1)이 이미 그 제목을 씁니다. 다른 제목을 고르세요.\n")

    let file = process.folder.appendingPathComponent("verbs.tsv")
    try Data("가다\tto go\n오다\tto come\n".utf8).write(to: file)
    let imported = try await run(["import", file.path, "--book", "Verbs"])
    #expect(imported.status == 0)
    #expect(
      imported.output
        == "\(file.path) (tsv)을 단어장 2 (Verbs)에 가져왔습니다: 추가 2, 동음이의어 추가 0, "
        + "갱신 0, 그대로 0, 중복 0(건너뜀), 거부 0.\n")
    let words = try await run(["words", "Verbs"])
    #expect(words.output == "13\tnot-studied\t가다\tto go\n14\tnot-studied\t오다\tto come\n")

    let usage = try await run(["stats", "a", "b"])
    #expect(usage.status == 2)
    #expect(
      usage.error
        == "wordbook: 'stats'의 인자는 1개까지입니다. 사용법: wordbook stats [BOOK] [--at TIME] [--chart FILE] [--replica URL]\n"
    )
  }

  @Test func subcommandsSpeakEnglishUnderTheCLocale() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let db = ["--db", process.databasePath]
    func run(_ arguments: [String]) async throws -> WordbookProcess.Outcome {
      try await process.run(db + arguments, environment: Self.english)
    }

    let stats = try await run(["stats"])
    #expect(stats.output == "1\tKorean basics\ttotal 12\tknown 0\tnot-known 0\tnot-studied 12\n")

    let missing = try await run(["words", "Verbs"])
    #expect(
      missing.error
        == "wordbook: no wordbook has the title 'Verbs'. Run 'wordbook books' to see them.\n")

    let taken = try await run(["new-book", " korean BASICS "])
    #expect(
      taken.error
        == "wordbook: The wordbook \"Korean basics\" (ID 1) already has that title. "
        + "Choose another title.\n")

    let file = process.folder.appendingPathComponent("verbs.tsv")
    try Data("가다\tto go\n오다\tto come\n".utf8).write(to: file)
    let imported = try await run(["import", file.path, "--book", "Verbs"])
    #expect(
      imported.output
        == "Imported \(file.path) (tsv) into wordbook 2 (Verbs): 2 added, 0 homonyms added, "
        + "0 updated, 0 unchanged, 0 duplicates skipped, 0 rejected.\n")

    let usage = try await run(["stats", "a", "b"])
    #expect(
      usage.error
        == "wordbook: 'stats' takes at most 1 arguments. Usage: wordbook stats [BOOK] [--at TIME] [--chart FILE] [--replica URL]\n"
    )
  }

  @Test func lcAllOverridesAKoreanLang() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let stats = try await process.run(
      ["--db", process.databasePath, "stats"], environment: ["LANG": "ko_KR.UTF-8", "LC_ALL": "C"])
    #expect(stats.output.contains("\ttotal 12\t"))
  }
}
