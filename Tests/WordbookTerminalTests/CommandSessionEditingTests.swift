import Foundation
import Testing

/// `edit`, `delete`, `rename-book`, `delete-book`, `search` and the BOOK rule, run as a script
/// would, on a fresh database holding the sample wordbook (ID 1, "Korean basics", 12 words).
@Suite struct CommandSessionEditingTests {
  private let sample = "1\tKorean basics\t12\n"

  private func expectFailure(
    _ outcome: WordbookProcess.Outcome, status: Int32 = 1, _ fragment: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(outcome.status == status, sourceLocation: sourceLocation)
    #expect(outcome.output.isEmpty, sourceLocation: sourceLocation)
    #expect(outcome.error.hasPrefix("wordbook: "), sourceLocation: sourceLocation)
    #expect(outcome.error.contains(fragment), "\(outcome.error)", sourceLocation: sourceLocation)
    #expect(outcome.error.filter { $0 == "\n" }.count == 1, sourceLocation: sourceLocation)
  }

  @Test func editDeleteAndRenameChangeOnlyWhatTheyName() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let db = ["--db", process.databasePath]
    #expect(try await process.run(db + ["new-book", "Verbs"]).status == 0)
    #expect(try await process.run(db + ["add", "Verbs", "가다", "to go"]).status == 0)
    #expect(try await process.run(db + ["add", "Verbs", "오다", "to come"]).status == 0)
    #expect(try await process.run(db + ["add", "Verbs", "먹다", "to eat"]).status == 0)

    let edited = try await process.run(db + ["edit", "verbs", "13", "--term", "가다!"])
    #expect(edited.status == 0)
    #expect(edited.output == "Edited word 13 of wordbook 2 (Verbs): 가다! = to go.\n")
    #expect(try await process.run(db + ["edit", "2", "14", "--meaning", "to arrive"]).status == 0)
    let deleted = try await process.run(db + ["delete", "2", "15", "13", "15"])
    #expect(deleted.output == "Deleted 2 words of wordbook 2 (Verbs).\n")
    #expect(
      try await process.run(db + ["words", "2"]).output == "14\tnot-studied\t오다\tto arrive\n")

    let renamed = try await process.run(db + ["rename-book", "#2", " Korean verbs "])
    #expect(renamed.output == "Renamed wordbook 2 (Verbs) to Korean verbs.\n")
    #expect(try await process.run(db + ["rename-book", "2", "KOREAN verbs"]).status == 0)
    #expect(try await process.run(db + ["books"]).output == sample + "2\tKOREAN verbs\t1\n")
  }

  @Test func badInputIsOneMessageAndChangesNothing() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let db = ["--db", process.databasePath]
    #expect(try await process.run(db + ["new-book", "Verbs"]).status == 0)
    #expect(try await process.run(db + ["add", "Verbs", "가다", "to go"]).status == 0)
    let words = try await process.run(db + ["words", "1"]).output

    expectFailure(try await process.run(db + ["edit", "1", "1", "--term", " "]), "needs a term")
    expectFailure(
      try await process.run(db + ["edit", "2", "1", "--term", "x"]), "has no word with ID 1")
    expectFailure(
      try await process.run(db + ["edit", "1", "99", "--term", "x"]), "has no word with ID 99")
    expectFailure(try await process.run(db + ["delete", "1", "1", "13"]), "has no word with ID 13")
    expectFailure(
      try await process.run(db + ["delete", "Nope", "1"]), "no wordbook has the title 'Nope'")
    expectFailure(try await process.run(db + ["delete", "9", "1"]), "no wordbook has ID 9")
    expectFailure(
      try await process.run(db + ["rename-book", "2", " korean BASICS"]),
      "The wordbook \"Korean basics\" (ID 1) already has that title")
    expectFailure(
      try await process.run(db + ["new-book", "KOREAN basics "]),
      "The wordbook \"Korean basics\" (ID 1) already has that title")
    expectFailure(try await process.run(db + ["rename-book", "2", "\t"]), "needs a title")
    expectFailure(
      try await process.run(db + ["delete-book", "9", "--yes"]), "no wordbook has ID 9")
    expectFailure(
      try await process.run(db + ["search", "a", "--book", "9"]), "no wordbook has ID 9")
    expectFailure(
      try await process.run(db + ["edit", "1", "x", "--term", "t"]), status: 2, "WORD_ID must be")

    #expect(try await process.run(db + ["words", "1"]).output == words)
    #expect(try await process.run(db + ["books"]).output == sample + "2\tVerbs\t1\n")
  }

  @Test func deleteBookNeedsYesWithoutATerminalAndAsksOnOne() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let db = ["--db", process.databasePath]
    #expect(try await process.run(db + ["new-book", "Verbs"]).status == 0)
    #expect(try await process.run(db + ["add", "Verbs", "가다", "to go"]).status == 0)
    expectFailure(
      try await process.run(db + ["delete-book", "Verbs"], input: "y\n"), status: 2, "add --yes")

    let declined = try await PseudoTerminalSession(
      arguments: db + ["delete-book", "Verbs"], environment: process.environment)
    try await declined.waitForOutput(containing: "Delete wordbook 2 (Verbs) and its 1 word? [y/N]")
    try declined.press("n\r")
    #expect(try await declined.waitForExit() == 1)
    #expect(declined.text.contains("wordbook 2 was not deleted."))
    #expect(try await process.run(db + ["books"]).output == sample + "2\tVerbs\t1\n")

    let korean = try await PseudoTerminalSession(
      arguments: db + ["delete-book", "2"],
      environment: process.environment.merging(["LANG": "ko_KR.UTF-8"]) { $1 })
    try await korean.waitForOutput(containing: "지울까요? [y/N]")
    try korean.press("예\r")
    #expect(try await korean.waitForExit() == 0)
    #expect(try await process.run(db + ["books"]).output == sample)
    #expect(try await process.run(db + ["search", "to go"]).output == "")

    let yes = try await process.run(db + ["delete-book", "--yes", "Korean basics"])
    #expect(yes.output == "Deleted wordbook 1 (Korean basics) and its 12 words.\n")
    #expect(try await process.run(db + ["books"]).output == "")
  }

  @Test func searchListsMatchesOfOneBookOrAllEscaped() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let db = ["--db", process.databasePath]
    #expect(try await process.run(db + ["new-book", "More"]).status == 0)
    #expect(
      try await process.run(db + ["add", "More", "사랑니", "wisdom\u{1B}[2J tooth"]).status == 0)
    #expect(try await process.run(db + ["add", "More", "bookish", "책을 좋아하는"]).status == 0)
    let all = try await process.run(db + ["search", "사랑"])
    #expect(all.status == 0)
    #expect(
      all.output == "3\tKorean basics\tnot-studied\t사랑\tlove\n"
        + "13\tMore\tnot-studied\t사랑니\twisdom^[[2J tooth\n")
    #expect(
      try await process.run(db + ["search", "BOOK", "--book", "more"]).output.hasPrefix("14\tMore"))
    let book = try await process.run(db + ["search", "book"])
    #expect(book.output.split(separator: "\n").map { $0.prefix(2) } == ["8\t", "9\t", "14"])
    #expect(try await process.run(db + ["search", "no such words"]).output == "")
  }

  @Test func bookNamesAnIDFirstAndATitleWithTheTitlePrefix() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let db = ["--db", process.databasePath]
    let cards = process.folder.appendingPathComponent("cards.tsv")
    try Data("새\tbird\n".utf8).write(to: cards)
    #expect(try await process.run(db + ["new-book", "1"]).output == "Created wordbook 2: 1\n")
    #expect(try await process.run(db + ["words", "1"]).output.hasPrefix("1\tnot-studied\t안녕하세요"))
    #expect(try await process.run(db + ["words", "title:1"]).output == "")

    #expect(try await process.run(db + ["import", cards.path, "--book", "1"]).status == 0)
    #expect(
      try await process.run(db + ["import", cards.path, "--book", "korean BASICS"]).status == 0)
    #expect(try await process.run(db + ["import", cards.path, "--book", "title:1"]).status == 0)
    expectFailure(
      try await process.run(db + ["import", cards.path, "--book", "7"]), "no wordbook has ID 7")
    #expect(try await process.run(db + ["import", cards.path, "--book", "title:7"]).status == 0)
    #expect(try await process.run(db + ["import", cards.path, "--book", " New "]).status == 0)
    #expect(
      try await process.run(db + ["books"]).output
        == "1\tKorean basics\t13\n2\t1\t1\n3\t7\t1\n4\tNew\t1\n")
  }
}
