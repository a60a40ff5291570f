import Wordbook

/// Turns key presses into store actions and moves of the screen's cursor.
///
/// A pure function of the key, the store's state and the screen's state. The study screen's
/// keys and rules are the domain's (`StudyKeyMap`, `StudyCards`), which the study page runs
/// too; this adds what only the terminal draws: the prompts, the questions, the help and the
/// picker.
public enum StudyScreenKeys {
  /// Handles one key press.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - state: The store's current state.
  ///   - screen: The screen's state, updated in place; `screen.cards.hasQuit` once the key
  ///     quits.
  ///   - time: When the key was pressed, the time of a rating it makes.
  /// - Returns: The actions to send to the store, in order.
  public static func handle(
    _ key: Key, state: AppState, screen: inout StudyScreenState, at time: Timestamp = .now
  ) -> [AppAction] {
    screen.cards.notice = nil
    if screen.cards.isQuitting {
      return handleQuitting(key, state: state, screen: &screen, at: time)
    }
    if let question = screen.question {
      screen.question = nil
      guard key == .character("y") || key == .character("Y") else { return [] }
      switch question {
      case .deleteWord(let wordID): return [.study(.view(.deleteWord(wordID)))]
      case .deleteBook(let bookID): return [.books(.view(.deleteBook(bookID)))]
      }
    }
    if let prompt = screen.prompt {
      return handlePrompt(key, prompt: prompt, state: state, screen: &screen, at: time)
    }
    if screen.overlay == .help {
      screen.overlay = .none
      return key == .character("q") ? screen.apply(.quit, to: state, at: time) : []
    }
    if key == .escape, state.lastError != nil { return [.dismissError] }
    if screen.showsPicker(state) {
      return handlePicker(key, state: state, screen: &screen, at: time)
    }
    if key == .endOfInput { return screen.apply(.quit, to: state, at: time) }
    // While the screen waits for a typed answer, the text keys type it, in a field that opens
    // empty for each card; the other keys move between cards as ever.
    if screen.cards.awaitsTypedAnswer(in: state), editsField(key) {
      screen.prompt = .answer("")
      screen.promptCursorFromEnd = 0
      return handlePrompt(key, prompt: .answer(""), state: state, screen: &screen, at: time)
    }
    guard let command = key.name.flatMap(StudyKeyMap.command(for:)) else { return [] }
    return screen.apply(command, to: state, at: time)
  }

  private static func handlePicker(
    _ key: Key, state: AppState, screen: inout StudyScreenState, at time: Timestamp
  ) -> [AppAction] {
    let books = state.list.books
    screen.pickerCursor = min(max(screen.pickerCursor, 0), max(books.count - 1, 0))
    switch key {
    case .down, .character("j"):
      screen.pickerCursor = min(screen.pickerCursor + 1, max(books.count - 1, 0))
    case .up, .character("k"):
      screen.pickerCursor = max(screen.pickerCursor - 1, 0)
    case .enter, .character(" "), .right, .character("l"):
      guard screen.pickerCursor < books.count else { return [] }
      screen.overlay = .none
      return screen.apply(.openBook(books[screen.pickerCursor].id), to: state, at: time)
    case .character("n"), .character("a"): screen.prompt = .bookTitle("")
    case .character("r"):
      guard screen.pickerCursor < books.count else { break }
      let book = books[screen.pickerCursor]
      screen.prompt = .renameBook(book.id, book.title)
    case .character("d"):
      guard screen.pickerCursor < books.count else { break }
      screen.question = .deleteBook(books[screen.pickerCursor].id)
    case .character("b"): return [.books(.view(.loadBooks)), .books(.view(.loadRoundCounts))]
    case .escape, .left, .character("h"): screen.overlay = .none
    case .character("?"): screen.overlay = .help
    case .character("q"), .endOfInput: return screen.apply(.quit, to: state, at: time)
    default: break
    }
    return []
  }

  /// Keys while quitting: `r` sends the refused marks again, `q` quits anyway once the service
  /// has answered, Esc goes back to studying; Ctrl-C still quits at once.
  private static func handleQuitting(
    _ key: Key, state: AppState, screen: inout StudyScreenState, at time: Timestamp
  ) -> [AppAction] {
    let command: StudyCards.Command? =
      switch key {
      case .character("r"): .retryUnsavedMarks
      case .character("q"): .quit
      case .escape: .cancelQuit
      default: nil
      }
    guard let command else { return [] }
    return screen.apply(command, to: state, at: time)
  }
}
