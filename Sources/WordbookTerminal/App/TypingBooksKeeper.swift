import Wordbook

/// Keeps the books in which the learner types the answers in the service's front-end values,
/// one write after another in the order the choices were made, so the last choice is the
/// one kept; ``finish()`` waits for the writes before the session ends.
@MainActor
final class TypingBooksKeeper {
  private let values: (any FrontEndValueStore)?
  private var lastWrite: Task<Void, Never>?

  /// A keeper writing to `values`, or keeping nothing for a service that keeps no values.
  init(_ values: (any FrontEndValueStore)?) {
    self.values = values
  }

  /// Keeps `books` once the writes before are done. A write that fails costs only the choice
  /// in the next session.
  func keep(_ books: Set<WordBook.ID>) {
    guard let values else { return }
    lastWrite = Task { [lastWrite] in
      await lastWrite?.value
      try? await values.setTypingBooks(books)
    }
  }

  /// Waits for every write asked for.
  func finish() async {
    await lastWrite?.value
  }
}
