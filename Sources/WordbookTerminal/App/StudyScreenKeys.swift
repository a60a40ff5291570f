import Wordbook

/// Turns key presses into store actions and moves of the screen's cursor.
///
/// A pure function of the key, the store's state and the screen's state; it decides nothing
/// about studying (which words show, how marks count): the reducer does.
public enum StudyScreenKeys {
  /// What a key press asks for.
  public struct Response: Equatable, Sendable {
    /// The actions to send to the store, in order.
    public var actions: [AppAction] = []
    /// Whether to end the session.
    public var quits = false

    /// Creates a response.
    public init(actions: [AppAction] = [], quits: Bool = false) {
      self.actions = actions
      self.quits = quits
    }
  }

  /// Handles one key press.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - state: The store's current state.
  ///   - screen: The screen's state, updated in place.
  ///   - time: When the key was pressed, the time of a rating it makes.
  /// - Returns: The actions to send and whether to quit.
  public static func handle(
    _ key: Key, state: AppState, screen: inout StudyScreenState, at time: Timestamp = .now
  ) -> Response {
    screen.notice = nil
    if screen.isQuitting { return handleQuitting(key, state: state, screen: &screen) }
    if let question = screen.question {
      screen.question = nil
      guard key == .character("y") || key == .character("Y") else { return Response() }
      switch question {
      case .deleteWord(let wordID): return Response(actions: [.deleteWord(wordID)])
      case .deleteBook(let bookID): return Response(actions: [.deleteBook(bookID)])
      }
    }
    if let prompt = screen.prompt {
      return handlePrompt(key, prompt: prompt, state: state, screen: &screen)
    }
    if screen.overlay == .help {
      screen.overlay = .none
      return key == .character("q") ? quit(state, screen: &screen) : Response()
    }
    if key == .escape, state.lastError != nil { return Response(actions: [.dismissError]) }
    if screen.showsPicker(state) { return handlePicker(key, state: state, screen: &screen) }
    return handleStudy(key, state: state, screen: &screen, at: time)
  }

  private static func handleStudy(
    _ key: Key, state: AppState, screen: inout StudyScreenState, at time: Timestamp
  ) -> Response {
    let visible = state.visibleWords
    screen.cursor = min(max(screen.cursor, 0), max(visible.count - 1, 0))
    let current = visible.isEmpty ? nil : visible.id(at: screen.cursor)
    func onCurrent(_ make: (Word.ID) -> AppAction, advancing: Bool = false) -> Response {
      guard let current else { return Response() }
      if advancing { screen.cursor = min(screen.cursor + 1, visible.count - 1) }
      return Response(actions: [make(current)])
    }
    // 1 to 4 rate the card again, hard, good or easy.
    if case .character(let digit) = key,
      let rating = digit.wholeNumberValue.flatMap(Rating.init(rawValue:))
    {
      return onCurrent({ .rate($0, rating, at: time) }, advancing: true)
    }
    switch key {
    case .character(" "), .enter: return onCurrent(AppAction.flip)
    case .right, .character("l"): return onCurrent({ .rate($0, .good, at: time) }, advancing: true)
    case .left, .character("h"): return onCurrent({ .rate($0, .again, at: time) }, advancing: true)
    case .character("0"): return onCurrent(AppAction.resetMark)
    case .down, .character("j"):
      screen.cursor = min(screen.cursor + 1, max(visible.count - 1, 0))
    case .up, .character("k"):
      screen.cursor = max(screen.cursor - 1, 0)
    case .pageDown:
      screen.cursor = min(screen.cursor + max(screen.pageSize, 1), max(visible.count - 1, 0))
    case .pageUp:
      screen.cursor = max(screen.cursor - max(screen.pageSize, 1), 0)
    case .home, .character("g"):
      screen.cursor = 0
    case .end, .character("G"):
      screen.cursor = max(visible.count - 1, 0)
    case .character("e"):
      guard let current, let word = state.words[current] else { break }
      screen.prompt = .editTerm(current, text: word.term, meaning: word.meaning)
    case .character("d"):
      guard let current else { break }
      screen.question = .deleteWord(current)
    case .character("/"):
      // A new query each time: the header shows the one in force, Esc clears it.
      screen.prompt = .search("")
    case .escape where state.searchQuery != nil:
      screen.cursor = 0
      return Response(actions: [.setSearchQuery(nil)])
    case .character("v"):
      return Response(actions: [.toggleReverse])
    case .character("u"):
      guard let change = state.nextUndo else {
        screen.notice = .nothingToUndo
        break
      }
      return step(.undo, change, notice: .undid(change), state: state, screen: &screen)
    case .character("r"):
      guard let change = state.nextRedo else {
        screen.notice = .nothingToRedo
        break
      }
      return step(.redo, change, notice: .redid(change), state: state, screen: &screen)
    case .character("s"):
      screen.cursor = 0
      return Response(actions: [.shuffle])
    case .character("m"):
      screen.cursor = 0
      return Response(actions: [.toggleStudyMode])
    case .character("b"):
      screen.overlay = .picker
      screen.pickerCursor = state.books.firstIndex { $0.id == state.selectedBookID } ?? 0
      return Response(actions: [.loadBooks])
    case .character("a"): screen.prompt = .term("")
    case .character("?"): screen.overlay = .help
    case .character("q"), .endOfInput: return quit(state, screen: &screen)
    default: break
    }
    return Response()
  }

  /// Undo or redo, saying which card it changed and moving to it when it shows: the step
  /// may be about a card far from the cursor (after a deletion, an older card's).
  private static func step(
    _ action: AppAction, _ change: StudyStateChange, notice: StudyScreenState.Notice,
    state: AppState, screen: inout StudyScreenState
  ) -> Response {
    screen.notice = notice
    if let position = state.visibleWords.firstIndex(of: change.wordID) {
      screen.cursor = position
    }
    return Response(actions: [action])
  }

  private static func handlePicker(_ key: Key, state: AppState, screen: inout StudyScreenState)
    -> Response
  {
    let books = state.books
    screen.pickerCursor = min(max(screen.pickerCursor, 0), max(books.count - 1, 0))
    switch key {
    case .down, .character("j"):
      screen.pickerCursor = min(screen.pickerCursor + 1, max(books.count - 1, 0))
    case .up, .character("k"):
      screen.pickerCursor = max(screen.pickerCursor - 1, 0)
    case .enter, .character(" "), .right, .character("l"):
      guard screen.pickerCursor < books.count else { return Response() }
      screen.overlay = .none
      screen.cursor = 0
      return Response(actions: [.selectBook(books[screen.pickerCursor].id)])
    case .character("n"), .character("a"): screen.prompt = .bookTitle("")
    case .character("r"):
      guard screen.pickerCursor < books.count else { break }
      let book = books[screen.pickerCursor]
      screen.prompt = .renameBook(book.id, book.title)
    case .character("d"):
      guard screen.pickerCursor < books.count else { break }
      screen.question = .deleteBook(books[screen.pickerCursor].id)
    case .character("b"): return Response(actions: [.loadBooks])
    case .escape, .left, .character("h"): screen.overlay = .none
    case .character("?"): screen.overlay = .help
    case .character("q"), .endOfInput: return quit(state, screen: &screen)
    default: break
    }
    return Response()
  }

  /// Quits at once when every mark is saved; otherwise waits for the marks being saved and
  /// asks about those that failed.
  private static func quit(_ state: AppState, screen: inout StudyScreenState) -> Response {
    guard state.marksNotYetSaved > 0 else { return Response(quits: true) }
    screen.isQuitting = true
    return Response()
  }

  private static func handleQuitting(
    _ key: Key, state: AppState, screen: inout StudyScreenState
  ) -> Response {
    switch key {
    case .character("r") where !state.unsavedMarks.isEmpty:
      return Response(actions: [.retryUnsavedMarks])
    // Quitting anyway is offered once the service has answered; Ctrl-C still quits at once.
    case .character("q") where !state.hasUnsavedMarks: return Response(quits: true)
    case .escape: screen.isQuitting = false
    default: break
    }
    return Response()
  }
}
