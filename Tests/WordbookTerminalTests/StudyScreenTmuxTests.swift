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
    try await expectNoWrappedLine(tmux, "the word list", title: title, wordRows: count) {
      $0.last == "? help   q quit" && $0.dropLast().last?.hasPrefix("Card 1/\(count)") == true
    }
    try tmux.type(String(repeating: " j", count: count))
    try await expectNoWrappedLine(tmux, "every card flipped", title: title, wordRows: count) {
      $0.last == "? help   q quit" && $0.dropLast().last?.hasPrefix("Card \(count)/") == true
    }
    try tmux.type("b")
    try await expectNoWrappedLine(tmux, "the wordbook picker", title: title) {
      $0.contains { $0.hasPrefix("› #1") }
    }
  }

  /// Waits, for at most a minute, until the screen shows `what` (by `shows`) drawn whole:
  /// the header on its first row, each of the first `wordRows` words on its own row below the
  /// rule, and no row wrapped; then expects that screen.
  ///
  /// The screen is judged whole once it is, not at the first look that shows `what`: under
  /// load, tmux may show a redraw half done.
  private func expectNoWrappedLine(
    _ tmux: TmuxSession, _ what: String, title: String, wordRows: Int = 0,
    sourceLocation: SourceLocation = #_sourceLocation, shows: ([String]) -> Bool
  ) async throws {
    var problems: [String] = []
    do {
      _ = try await tmux.waitForScreen(what) { screen in
        guard shows(screen) else { return false }
        let joined = (try? tmux.screenJoiningWrappedRows()) ?? []
        problems = Self.problems(of: screen, joined: joined, title: title, wordRows: wordRows)
        return problems.isEmpty
      }
    } catch {
      problems.append("\(error)")
    }
    #expect(
      problems.isEmpty, "\(what): \(problems.joined(separator: "; "))",
      sourceLocation: sourceLocation)
  }

  /// What is wrong with `screen`, whose capture with wrapped rows joined is `joined`.
  private static func problems(
    of screen: [String], joined: [String], title: String, wordRows: Int
  ) -> [String] {
    let shown = "\n" + screen.joined(separator: "\n")
    var problems: [String] = []
    if screen.count != rows { problems.append("not \(rows) rows:" + shown) }
    if joined.count != screen.count { problems.append("a row wrapped:" + shown) }
    let header = screen.first ?? ""
    if !(header.hasPrefix("Wordbook · " + title) && header.hasSuffix("Mode: All words")) {
      problems.append("the header is not the first row:" + shown)
    }
    if screen.dropFirst().first?.allSatisfy({ $0 == "─" }) != true {
      problems.append("the rule is not the second row:" + shown)
    }
    let numberWidth = String(wordRows).count
    for (offset, row) in screen.dropFirst(2).prefix(wordRows).enumerated() {
      let number = String(offset + 1)
      let prefix = String(repeating: " ", count: numberWidth - number.count) + number + "  "
      if !row.dropFirst(2).hasPrefix(prefix) {
        problems.append("word \(number) is not on its row:" + shown)
      }
    }
    return problems
  }
}
