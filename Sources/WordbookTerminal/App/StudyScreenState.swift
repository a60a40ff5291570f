import Wordbook

/// What the study screen shows besides the `AppState`: where the cursor is and which
/// overlay or prompt is open.
///
/// This is the terminal's own view state, like a scroll position: it holds no study logic.
/// Everything about words, marks and books lives in the store.
public struct StudyScreenState: Hashable, Sendable {
  /// What covers the word list.
  public enum Overlay: Hashable, Sendable {
    /// Nothing: the word list shows.
    case none
    /// The list of keys.
    case help
    /// The wordbook picker.
    case picker
  }

  /// A line of text being typed in the status line.
  public enum Prompt: Hashable, Sendable {
    /// The term of a new word.
    case term(String)
    /// The meaning of a new word, after its term.
    case meaning(term: String, text: String)
    /// The title of a new wordbook.
    case bookTitle(String)
    /// The new term of a word being edited, prefilled with its term; its meaning follows.
    case editTerm(Word.ID, text: String, meaning: String)
    /// The new meaning of a word being edited, prefilled with its meaning.
    case editMeaning(Word.ID, term: String, text: String)
    /// The text to search the book's words for.
    case search(String)
    /// The new title of a wordbook, prefilled with its title.
    case renameBook(WordBook.ID, String)
  }

  /// A yes-or-no question in the status line, before something that can't be undone.
  public enum Question: Hashable, Sendable {
    /// Delete this word?
    case deleteWord(Word.ID)
    /// Delete this wordbook and all its words?
    case deleteBook(WordBook.ID)
  }

  /// A sentence the status line shows until the next key: what `u` or `r` did, which a
  /// learner would otherwise have to guess from the list.
  public enum Notice: Hashable, Sendable {
    /// `u` gave this word back the state in the change.
    case undid(StudyStateChange)
    /// `r` gave this word again the state in the change.
    case redid(StudyStateChange)
    /// `u` found no mark to undo.
    case nothingToUndo
    /// `r` found no mark to redo.
    case nothingToRedo
  }

  /// The position of the current card among the visible words.
  public var cursor = 0
  /// The position of the highlighted wordbook in the picker.
  public var pickerCursor = 0
  /// What covers the word list.
  public var overlay = Overlay.none
  /// The prompt being typed, if any.
  public var prompt: Prompt?
  /// How many characters of the prompt's text follow its cursor: 0 (where every prompt opens)
  /// puts the cursor at the end, so typing appends; ← and → move it, Backspace deletes the
  /// character before it.
  public var promptCursorFromEnd = 0
  /// The question waiting for `y` or `n`, if any.
  public var question: Question?
  /// The sentence shown in the status line until the next key, if any.
  public var notice: Notice?
  /// How many cards PgUp and PgDn move: the rows of the word list as drawn when the last key
  /// was pressed (``StudyScreenAction/key(_:pageSize:at:)``).
  public var pageSize = 10
  /// Whether the learner asked to quit while marks were not yet saved: the screen waits for
  /// them, or asks whether to try again.
  public var isQuitting = false

  /// Creates the state of a screen that has just opened.
  public init(cursor: Int = 0, overlay: Overlay = .none, prompt: Prompt? = nil) {
    self.cursor = cursor
    self.overlay = overlay
    self.prompt = prompt
  }

  /// Whether the picker covers the word list: when asked for, or while no book is chosen.
  public func showsPicker(_ state: AppState) -> Bool {
    if overlay == .picker { return true }
    if case .chosen = state.picker { return false }
    return true
  }
}
