extension FrontEndValueStore {
  /// The name of the value that keeps the books in which the study screen asks for typed
  /// answers (``StudyCards/typingBooks``).
  public static var typingBooksKey: String { "typing_books" }

  /// The books in which the learner chose to type the answers, as the last front end kept
  /// them; none when nothing was kept, or when what was kept is not a list of book IDs.
  ///
  /// - Throws: ``WordServiceError`` when the store cannot be read.
  public func typingBooks() async throws(WordServiceError) -> Set<WordBook.ID> {
    guard let value = try await frontEndValue(for: Self.typingBooksKey) else { return [] }
    let ids = value.split(separator: ",").map { Int64($0) }
    guard ids.allSatisfy({ $0 != nil }) else { return [] }
    return Set(ids.compactMap { $0.map { WordBook.ID($0) } })
  }

  /// Keeps the books in which the learner types the answers, for the next session.
  ///
  /// - Throws: ``WordServiceError`` when the store cannot be written; what was kept before is
  ///   then kept.
  public func setTypingBooks(_ books: Set<WordBook.ID>) async throws(WordServiceError) {
    let value = books.map(\.rawValue).sorted().map(String.init).joined(separator: ",")
    try await setFrontEndValue(value, for: Self.typingBooksKey)
  }
}
