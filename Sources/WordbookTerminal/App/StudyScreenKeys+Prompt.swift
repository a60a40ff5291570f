import Wordbook

extension StudyScreenKeys {
  /// Whether `key` edits a text field (or leaves or submits it): the keys a field takes from
  /// the study screen while it waits for a typed answer.
  static func editsField(_ key: Key) -> Bool {
    switch key {
    case .character, .backspace, .delete, .left, .right, .home, .end, .tab, .enter, .escape,
      .control(1), .control(5), .control(0x15):
      true
    default: false
    }
  }

  /// A key in a prompt: editing at the cursor, Enter for the next step, Esc to leave.
  ///
  /// ← and → move the cursor, Home and End (or Ctrl-A and Ctrl-E) go to the ends, Backspace
  /// deletes the character before the cursor, Delete the one after it, and Ctrl-U clears the
  /// field. Enter and Esc
  /// also dismiss the error shown above the prompt, so that an old refusal (a blank term)
  /// never reads as the answer to what comes next.
  static func handlePrompt(
    _ key: Key, prompt: StudyScreenState.Prompt, state: AppState,
    screen: inout StudyScreenState, at time: Timestamp
  ) -> [AppAction] {
    guard var (before, after) = screen.promptTextAroundCursor else { return [] }
    let dismissal: [AppAction] = state.lastError == nil ? [] : [.dismissError]
    switch key {
    case .escape:
      screen.prompt = nil
      screen.promptCursorFromEnd = 0
      switch prompt {
      case .search: return dismissal + screen.apply(.clearSearch, to: state, at: time)
      case .answer: return dismissal + screen.apply(.toggleTyping, to: state, at: time)
      default: return dismissal
      }
    case .enter:
      screen.promptCursorFromEnd = 0
      return dismissal + submit(prompt, state: state, screen: &screen, at: time)
    case .left:
      guard let last = before.popLast() else { return [] }
      after.insert(last, at: after.startIndex)
    case .right:
      guard !after.isEmpty else { return [] }
      before.append(after.removeFirst())
    case .home, .control(1):
      after = before + after
      before = ""
    case .end, .control(5):
      before += after
      after = ""
    case .backspace:
      guard before.popLast() != nil else { return [] }
    case .delete:
      guard !after.isEmpty else { return [] }
      after.removeFirst()
    case .control(0x15):
      before = ""
      after = ""
    case .character(let character):
      before.append(character)
    case .tab:
      before.append(" ")
    default:
      return []
    }
    screen.prompt = prompt.replacingText(with: before + after)
    screen.promptCursorFromEnd = after.count
    return []
  }

  /// Enter in a prompt: the next step, or the action. A blank term is sent at the term step,
  /// so the reducer's error shows at once, and the prompt stays open with what was typed.
  private static func submit(
    _ prompt: StudyScreenState.Prompt, state: AppState, screen: inout StudyScreenState,
    at time: Timestamp
  ) -> [AppAction] {
    let isBlank: (String) -> Bool = { $0.allSatisfy(\.isWhitespace) }
    switch prompt {
    case .term(let term):
      if isBlank(term) { return [.study(.view(.saveWord(term: term, meaning: "")))] }
      screen.prompt = .meaning(term: term, text: "")
    case .meaning(let term, let meaning):
      screen.prompt = nil
      return [.study(.view(.saveWord(term: term, meaning: meaning)))]
    case .bookTitle(let title):
      screen.prompt = nil
      screen.overlay = .none
      return screen.apply(.createBook(title: title), to: state, at: time)
    case .editTerm(let id, let term, let meaning):
      if isBlank(term) { return [.study(.view(.editWord(id, term: term, meaning: meaning)))] }
      screen.prompt = .editMeaning(id, term: term, text: meaning)
    case .editMeaning(let id, let term, let meaning):
      screen.prompt = nil
      return [.study(.view(.editWord(id, term: term, meaning: meaning)))]
    case .search(let query):
      screen.prompt = nil
      return screen.apply(.setSearchQuery(query), to: state, at: time)
    case .renameBook(let id, let title):
      screen.prompt = nil
      return [.books(.view(.renameBook(id, title: title)))]
    case .answer(let typed):
      screen.prompt = nil
      return screen.apply(.checkTypedAnswer(typed), to: state, at: time)
    }
    return []
  }
}
