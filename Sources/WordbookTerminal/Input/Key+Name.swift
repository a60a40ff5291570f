extension Key {
  /// The key's name in the study screen's key map (`StudyKeyMap`), as the web names it, or
  /// `nil` for a key the web has no name for.
  var name: String? {
    switch self {
    case .character(let character): String(character)
    case .enter: "Enter"
    case .backspace: "Backspace"
    case .delete: "Delete"
    case .tab: "Tab"
    case .escape: "Escape"
    case .up: "ArrowUp"
    case .down: "ArrowDown"
    case .left: "ArrowLeft"
    case .right: "ArrowRight"
    case .pageUp: "PageUp"
    case .pageDown: "PageDown"
    case .home: "Home"
    case .end: "End"
    case .interrupt, .endOfInput, .suspend, .control, .unknownSequence: nil
    }
  }
}
