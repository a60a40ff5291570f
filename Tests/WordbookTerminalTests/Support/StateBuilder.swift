import Wordbook

/// Builds an `AppState` the way a session would reach it: by applying actions, including the
/// service's answers, to the reducer. Effects are not run.
struct StateBuilder {
  private let reducer = AppReducer(service: InMemoryWordService())
  private(set) var state = AppState(seed: 7)

  @discardableResult
  mutating func apply(_ actions: AppAction...) -> Self {
    apply(actions)
  }

  @discardableResult
  mutating func apply(_ actions: [AppAction]) -> Self {
    for action in actions { reducer.apply(action, to: &state) }
    return self
  }

  /// A state with `books` loaded and the first one open with `words`.
  static func open(
    _ books: [WordBook] = [WordBook(id: WordBook.ID(1), title: "Korean basics", wordCount: 5)],
    words: [Word] = sampleWords
  ) -> StateBuilder {
    var builder = StateBuilder()
    builder.apply(
      .books(.view(.loadBooks)), .books(.booksLoaded(.success(books))),
      .books(.view(.selectBook(books[0].id))),
      .study(.wordsLoaded(books[0].id, .success(words))))
    return builder
  }

  static let sampleWords: [Word] = [
    Word(id: Word.ID(1), term: "안녕하세요", meaning: "hello"),
    Word(id: Word.ID(2), term: "감사합니다", meaning: "thank you"),
    Word(id: Word.ID(3), term: "사랑", meaning: "love"),
    Word(id: Word.ID(4), term: "friend", meaning: "친구"),
    Word(id: Word.ID(5), term: "日本語", meaning: "Japanese (language)"),
  ]
}
