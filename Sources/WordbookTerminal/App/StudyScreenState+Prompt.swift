extension StudyScreenState.Prompt {
  /// The text being typed.
  var text: String {
    switch self {
    case .term(let typed), .bookTitle(let typed), .meaning(_, let typed),
      .editTerm(_, let typed, _), .editMeaning(_, _, let typed), .search(let typed),
      .renameBook(_, let typed), .answer(let typed):
      typed
    }
  }

  /// The same prompt with `text` typed instead.
  func replacingText(with text: String) -> Self {
    switch self {
    case .term: .term(text)
    case .meaning(let term, _): .meaning(term: term, text: text)
    case .bookTitle: .bookTitle(text)
    case .editTerm(let id, _, let meaning): .editTerm(id, text: text, meaning: meaning)
    case .editMeaning(let id, let term, _): .editMeaning(id, term: term, text: text)
    case .search: .search(text)
    case .renameBook(let id, _): .renameBook(id, text)
    case .answer: .answer(text)
    }
  }
}

extension StudyScreenState {
  /// The prompt's text split at its cursor, or `nil` when no prompt is open.
  var promptTextAroundCursor: (before: String, after: String)? {
    guard let text = prompt?.text else { return nil }
    let split = text.index(text.endIndex, offsetBy: -min(promptCursorFromEnd, text.count))
    return (String(text[..<split]), String(text[split...]))
  }
}
