import StoreCore
import Wordbook

extension StudyScreen {
  /// Whether the screen is waiting for the wordbooks, for the book it opens first, or for the
  /// words of the book being opened.
  public var isLoading: Bool {
    guard app.session.bookID != nil else {
      switch app.list.booksStatus {
      case .notLoaded, .loading: return true
      case .loaded:
        return opensFirstBook && (!app.list.books.isEmpty || app.list.isReopeningLastBook)
          && screen.overlay == .none
      case .failed: return false
      }
    }
    return app.session.wordsStatus == .loading
  }

  /// Handles a key press, or keeps it for later while something loads. Quitting is never
  /// kept: it quits at once, and a prompt takes its text as it is typed.
  mutating func press(_ key: Key) -> [AppAction] {
    if isLoading, screen.prompt == nil, key != .character("q"), key != .endOfInput {
      keysWhileLoading.append(key)
      return []
    }
    return handle(key)
  }

  /// What the screen does by itself after every action: open the first book, keep the
  /// picker's highlighted row on a book, then handle the next key that waited. The reducer
  /// applies the actions returned and asks again, until nothing is left to do.
  mutating func followApp() -> [AppAction] {
    // The flag drops once the selection shows in the state: until then, keys keep waiting.
    if app.session.bookID != nil { opensFirstBook = false }
    // A deleted book (the open one, say) can take the highlighted row with it: the row
    // above it is highlighted instead, so the picker always shows where Enter goes.
    screen.pickerCursor = min(screen.pickerCursor, max(app.list.books.count - 1, 0))
    if let book = bookToOpen() { return [.books(.view(.selectBook(book)))] }
    // The mode asked for on the command line, once the first book is chosen: in the same pass,
    // so that Due mode reads the schedule beside the words.
    if app.session.bookID != nil, let mode = requestedMode {
      requestedMode = nil
      return [.study(.view(.setStudyMode(mode)))]
    }
    return handleKeysTypedWhileLoading()
  }

  private mutating func handle(_ key: Key) -> [AppAction] {
    StudyScreenKeys.handle(key, state: app, screen: &screen, at: lastKeyTime)
  }

  /// The wordbook asked for on the command line as soon as the list has loaded; else, once
  /// the app has reopened the book studied last or found none, the first one.
  private mutating func bookToOpen() -> WordBook.ID? {
    guard opensFirstBook, app.list.booksStatus == .loaded, app.session.bookID == nil,
      screen.overlay == .none, requestedBook != nil || !app.list.isReopeningLastBook,
      let first = app.list.books.first
    else { return nil }
    let book = requestedBook.flatMap { BookReference($0).resolve(in: app.list.books) } ?? first
    requestedBook = nil
    return book.id
  }

  /// Handles the waiting keys in order until one asks the app for something, which the
  /// reducer applies before the next key is handled, so that it sees the state it makes (a key
  /// that selects a book makes the next wait for the book's words).
  private mutating func handleKeysTypedWhileLoading() -> [AppAction] {
    while !isLoading, !keysWhileLoading.isEmpty {
      guard !screen.cards.isQuitting, !screen.cards.hasQuit else {
        keysWhileLoading = []
        break
      }
      let actions = handle(keysWhileLoading.removeFirst())
      if !actions.isEmpty { return actions }
    }
    return []
  }
}
