import Wordbook

/// What the study screen shows besides the `AppState`: where the learner is in the cards
/// (`StudyCards`, the rules every front end runs) and which overlay or prompt is open.
///
/// The overlays, prompts and questions are the terminal's own view state: they hold no study
/// logic. Everything about words, marks and books lives in the store.
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
    /// The answer of the current card, typed while the screen asks for typed answers.
    case answer(String)
  }

  /// A yes-or-no question in the status line, before something that can't be undone.
  public enum Question: Hashable, Sendable {
    /// Delete this word?
    case deleteWord(Word.ID)
    /// Delete this wordbook and all its words?
    case deleteBook(WordBook.ID)
  }

  /// Where the learner is in the cards, and the quitting and notices of the study screen's
  /// rules, which the study page runs too.
  public var cards: StudyCards
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

  /// Creates the state of a screen that has just opened.
  public init(cursor: Int = 0, overlay: Overlay = .none, prompt: Prompt? = nil) {
    self.cards = StudyCards(cursor: cursor)
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

extension StudyScreenState {
  /// Applies `command` by the study screen's rules (`StudyCards`) and opens what it asks for:
  /// a prompt, a question, the picker or the help.
  ///
  /// - Returns: The actions to send to the store, in order.
  mutating func apply(_ command: StudyCards.Command, to state: AppState, at time: Timestamp)
    -> [AppAction]
  {
    let outcome = cards.apply(command, to: state, at: time)
    switch outcome.request {
    case nil: break
    case .editWord(let id):
      guard let word = state.session.words[id] else { break }
      prompt = .editTerm(id, text: word.term, meaning: word.meaning)
    case .deleteWord(let id): question = .deleteWord(id)
    case .search:
      // A new query each time: the header shows the one in force, Esc clears it.
      prompt = .search("")
    case .addWord: prompt = .term("")
    case .chooseBook:
      overlay = .picker
      pickerCursor = state.list.books.firstIndex { $0.id == state.session.bookID } ?? 0
    case .help: overlay = .help
    }
    return outcome.actions
  }
}
