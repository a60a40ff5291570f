import Foundation
import Testing
import Wordbook
import WordbookSQLite
import WordbookTerminal

/// The study screen in tmux, a real terminal emulator: a line of emoji sequences, flags,
/// variation selectors, combining marks and wide characters that the screen believes fills
/// the window must not be drawn wider, or the line wraps and the header scrolls away.
@Suite(.enabled(if: TmuxSession.executable != nil, "tmux is not installed"))
struct StudyScreenTmuxTests {
  static let columns = 80
  static let rows = 24

  /// Clusters that terminals draw differently from one column per code point.
  static let clusters = [
    "👍🏽", "✌🏽", "👩🏽‍💻", "👨‍👩‍👧", "🏳️‍🌈", "🇰🇷", "🇰 ", "❤️", "❤︎", "1️⃣", "🏴󠁧󠁢󠁳󠁣󠁴󠁿",
    "\u{1112}\u{1161}\u{11AB}", "e\u{301}", "日", "Ａ", "\u{915}\u{93F}",
  ]

  /// `unit` repeated, then dots, to take exactly `columns` columns as the screen counts them.
  static func filling(_ columns: Int, with unit: String) -> String {
    var text = ""
    while text.terminalColumns + unit.terminalColumns <= columns { text += unit }
    return text + String(repeating: ".", count: columns - text.terminalColumns)
  }

  @Test func linesOfEmojiSequencesAndWideTextDoNotWrap() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let mode = "Mode: All words"
    // The header is "Wordbook · TITLE  Mode: …"; this title fills it to the last column.
    let titleColumns = Self.columns - mode.terminalColumns - 2 - "Wordbook · ".terminalColumns
    let title = Self.filling(titleColumns, with: "👍🏽🇰🇷❤️")
    // A word row is "› NN  TERM ✓": this is the width of TERM.
    let termColumns = Self.columns - String(Self.clusters.count + 1).count - 7
    let service = try SQLiteWordService(path: process.databasePath)
    let book = try await service.createBook(title: title)
    for cluster in Self.clusters {
      _ = try await service.saveWord(
        WordDraft(
          term: Self.filling(termColumns, with: cluster),
          meaning: Self.filling(termColumns, with: "한" + cluster)),
        to: book.id)
    }
    _ = try await service.saveWord(
      WordDraft(term: Self.clusters.joined(), meaning: Self.clusters.reversed().joined()),
      to: book.id)

    let tmux = try await TmuxSession(
      [WordbookProcess.executable.path, "--db", process.databasePath, "study", "\(book.id)"],
      environment: process.environment.merging(["TERM": "screen"]) { $1 },
      columns: Self.columns, rows: Self.rows)
    let count = Self.clusters.count + 1
    try expectNoWrappedLine(
      tmux, "the terms", title: title,
      shown: try await tmux.waitForScreen("the word list") {
        $0.last == "? help   q quit" && $0.dropLast().last?.hasPrefix("Card 1/\(count)") == true
      }, wordRows: count)

    try tmux.type(String(repeating: " j", count: count))
    try expectNoWrappedLine(
      tmux, "every meaning", title: title,
      shown: try await tmux.waitForScreen("every card flipped") {
        $0.last == "? help   q quit" && $0.dropLast().last?.hasPrefix("Card \(count)/") == true
      }, wordRows: count)
    try tmux.type("b")
    try expectNoWrappedLine(
      tmux, "the wordbook picker", title: title,
      shown: try await tmux.waitForScreen("the picker") { $0.contains { $0.hasPrefix("› #1") } })
  }

  /// Checks that the screen shows the header on its first row, each of the first `wordRows`
  /// words on its own row below the rule, and that no row wrapped.
  private func expectNoWrappedLine(
    _ tmux: TmuxSession, _ what: String, title: String, shown: [String], wordRows: Int = 0,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let joined = try tmux.screenJoiningWrappedRows()
    let screen = shown.joined(separator: "\n")
    #expect(shown.count == Self.rows, "\(what):\n\(screen)", sourceLocation: sourceLocation)
    #expect(
      joined.count == shown.count, "\(what) wrapped:\n\(screen)", sourceLocation: sourceLocation)
    let header = try #require(shown.first, sourceLocation: sourceLocation)
    #expect(
      header.hasPrefix("Wordbook · " + title) && header.hasSuffix("Mode: All words"),
      "\(what): the header is not the first row:\n\(screen)", sourceLocation: sourceLocation)
    #expect(
      shown.dropFirst().first?.allSatisfy { $0 == "─" } == true,
      "\(what): the rule is not the second row:\n\(screen)", sourceLocation: sourceLocation)
    let numberWidth = String(wordRows).count
    for (offset, row) in shown.dropFirst(2).prefix(wordRows).enumerated() {
      let number = String(offset + 1)
      let prefix = String(repeating: " ", count: numberWidth - number.count) + number + "  "
      #expect(
        row.dropFirst(2).hasPrefix(prefix), "\(what): word \(number) is not on its row:\n\(screen)",
        sourceLocation: sourceLocation)
    }
  }
}
