import StoreTesting
import Testing
import Wordbook

extension TestStore where State == AppState, Action == AppAction {
  /// Loads the wordbook list of a service where no book was studied before (so none is
  /// reopened), then opens `book`, asserting every step as an app's test does.
  ///
  /// - Parameters:
  ///   - book: The book to open.
  ///   - books: The service's books.
  ///   - words: The book's words, in the order they were added.
  func openBook(
    _ book: WordBook, of books: [WordBook], words: [Word],
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    send(.books(.view(.loadBooks)), sourceLocation: sourceLocation) {
      $0.list.booksStatus = .loading
    }
    await receive(.books(.booksLoaded(.success(books))), sourceLocation: sourceLocation) {
      $0.list.books = books
      $0.list.booksStatus = .loaded
      $0.list.isReopeningLastBook = true
    }
    await receive(.books(.lastStudiedBookLoaded(.success(nil))), sourceLocation: sourceLocation) {
      $0.list.isReopeningLastBook = false
    }
    send(.books(.view(.selectBook(book.id))), sourceLocation: sourceLocation) {
      $0.session.bookID = book.id
      $0.session.wordsStatus = .loading
    }
    await receive(.study(.wordsLoaded(book.id, .success(words))), sourceLocation: sourceLocation) {
      $0.session.words = WordList(words)
      $0.session.wordsStatus = .loaded
      $0.startRound()
    }
  }
}
