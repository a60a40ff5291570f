import Wordbook

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The study screen's keys as the page has them: `StudyKeyMap`'s lines, less those whose
/// commands the page offers as buttons and forms instead (the picker, the add form).
///
/// The server puts the key table in the page as JSON, and the page's script looks each key up
/// in it; the page's list of keys is the same lines, worded by `StudyKeyHelp`.
enum PageKeys {
  /// The lines of the key map whose every key the page answers.
  static let rows = StudyKeyMap.rows.filter { row in
    row.bindings.allSatisfy { isOnPage($0.command) }
  }

  /// Each key the page answers, by its `KeyboardEvent` name, and the name of its command, as
  /// JSON.
  static let json: String = {
    let table = Dictionary(
      uniqueKeysWithValues: rows.flatMap(\.bindings).map { ($0.key, $0.command.name) })
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data = (try? encoder.encode(table)) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self)
  }()

  /// The page's list of keys in `language`: `title`, the lines, then `swipe`.
  static func help(in language: Language, title: String, swipe: String) -> String {
    let lines = rows.map { "\($0.keys) \($0.help.text(in: language))" }
    return "\(title): \(lines.joined(separator: " · ")). \(swipe)"
  }

  /// Whether the page answers `command` from a key. Every command is named, so a new one does
  /// not compile until it is decided here.
  static func isOnPage(_ command: StudyCards.Command) -> Bool {
    switch command {
    case .flip, .rate, .resetMark, .next, .previous, .nextPage, .previousPage, .first, .last,
      .edit, .delete, .search, .clearSearch, .toggleReverse, .undo, .redo, .shuffle,
      .toggleStudyMode, .restudyMissed, .restudyRound, .toggleTyping, .say, .toggleSayingNewCards:
      true
    // The picker and the add form are always in view, and a page is left, not quit.
    case .chooseBook, .addWord, .help, .quit: false
    // Typed in the answer's field, and posted with what was typed.
    case .checkTypedAnswer: false
    case .moveTo, .setStudyMode, .setSearchQuery, .openBook, .createBook, .retryUnsavedMarks,
      .cancelQuit, .rateShown:
      false
    }
  }
}
