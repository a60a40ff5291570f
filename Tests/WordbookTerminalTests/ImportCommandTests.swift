import Foundation
import Testing

/// `wordbook import` names each rejected line by its file, its number and the start of its
/// text, in the reader's language, with every byte of the file escaped for the terminal.
@Suite struct ImportCommandTests {
  @Test func aRejectedLineNamesItsFileLineAndText() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let file = process.folder.appendingPathComponent("cards.csv")
    // An escape sequence that would clear the screen, then more than 40 characters.
    let line = "\u{1B}[2J" + String(repeating: "가", count: 60)
    try Data("사과,apple\n\(line)\n배,pear\n".utf8).write(to: file)
    let shown = "^[[2J" + String(repeating: "가", count: 36) + "…"

    let english = try await process.runOnDatabase(["import", file.path, "--book", "Fruit"])
    #expect(english.status == 0, "\(english.error)")
    #expect(english.output.hasSuffix(", 1 rejected.\n"))
    #expect(
      english.error
        == "rejected \(file.path), line 2 (“\(shown)”): no separator \",\" between term and "
        + "meaning\n")
    #expect(!english.error.contains("\u{1B}"))

    let korean = try await process.runOnDatabase(
      ["import", file.path, "--book", "Fruit"], language: "ko_KR.UTF-8")
    #expect(korean.status == 0, "\(korean.error)")
    #expect(
      korean.error == "거부: \(file.path) 2번째 줄(“\(shown)”): 단어와 뜻 사이에 구분자 \",\"가 없습니다\n")
  }
}
