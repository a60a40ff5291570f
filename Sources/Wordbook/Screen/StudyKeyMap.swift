/// The study screen's keys, one table for every front end: which key asks for which
/// ``StudyCards/Command``, and the line of help that says so.
///
/// Keys are named as the web names them (the `key` of a `KeyboardEvent`: `"ArrowRight"`,
/// `"Enter"`, `" "`, `"l"`), so the page looks a key up as it comes; the terminal names its
/// keys the same way. The terminal's help and the page's list of keys are both this table.
public enum StudyKeyMap {
  /// A key and the command it asks for.
  public struct Binding: Hashable, Sendable {
    /// The key's name, as a `KeyboardEvent`'s `key`.
    public let key: String
    /// What the key asks for.
    public let command: StudyCards.Command
  }

  /// A line of help: keys that do one kind of thing, and what.
  public struct Row: Hashable, Sendable {
    /// The keys of the line, in the order the help lists them.
    public let bindings: [Binding]
    /// What the keys do.
    public let help: StudyKeyHelp

    /// The keys as the help lists them: `Space, Enter`, `→, l`.
    public var keys: String {
      bindings.map { StudyKeyMap.label(of: $0.key) }.joined(separator: ", ")
    }

    fileprivate init(_ help: StudyKeyHelp, _ bindings: [(String, StudyCards.Command)]) {
      self.help = help
      self.bindings = bindings.map { Binding(key: $0.0, command: $0.1) }
    }
  }

  /// Every line, in the order the help shows them.
  public static let rows: [Row] = [
    Row(.flip, [(" ", .flip), ("Enter", .flip)]),
    Row(.knewIt, [("ArrowRight", .rate(.good)), ("l", .rate(.good))]),
    Row(.didNotKnow, [("ArrowLeft", .rate(.again)), ("h", .rate(.again))]),
    Row(
      .rate,
      [("1", .rate(.again)), ("2", .rate(.hard)), ("3", .rate(.good)), ("4", .rate(.easy))]),
    Row(.resetMark, [("0", .resetMark)]),
    Row(
      .move, [("ArrowUp", .previous), ("ArrowDown", .next), ("k", .previous), ("j", .next)]),
    Row(.movePage, [("PageUp", .previousPage), ("PageDown", .nextPage)]),
    Row(.firstOrLast, [("Home", .first), ("End", .last), ("g", .first), ("G", .last)]),
    Row(.editOrDelete, [("e", .edit), ("d", .delete)]),
    Row(.search, [("/", .search), ("Escape", .clearSearch)]),
    Row(.reverse, [("v", .toggleReverse)]),
    Row(.typing, [("t", .toggleTyping)]),
    Row(.say, [("p", .say), ("P", .toggleSayingNewCards)]),
    Row(.undoOrRedo, [("u", .undo), ("r", .redo)]),
    Row(.shuffle, [("s", .shuffle)]),
    Row(.restudy, [("f", .restudyMissed), ("o", .restudyRound)]),
    Row(.studyMode, [("m", .toggleStudyMode)]),
    Row(.chooseBook, [("b", .chooseBook)]),
    Row(.addWord, [("a", .addWord)]),
    Row(.help, [("?", .help)]),
    Row(.quit, [("q", .quit)]),
  ]

  private static let commands = Dictionary(
    rows.flatMap(\.bindings).map { ($0.key, $0.command) }, uniquingKeysWith: { first, _ in first })

  /// The command `key` asks for on the study screen, or `nil` for a key that asks for none.
  ///
  /// - Parameter key: The key's name, as a `KeyboardEvent`'s `key`.
  public static func command(for key: String) -> StudyCards.Command? {
    commands[key]
  }

  /// How the help writes `key`: an arrow for an arrow key, `Space` for the space bar.
  public static func label(of key: String) -> String {
    switch key {
    case " ": "Space"
    case "ArrowRight": "→"
    case "ArrowLeft": "←"
    case "ArrowUp": "↑"
    case "ArrowDown": "↓"
    case "PageUp": "PgUp"
    case "PageDown": "PgDn"
    case "Escape": "Esc"
    default: key
    }
  }
}
