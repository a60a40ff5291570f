extension FrontEndValueStore {
  /// The study screen's preferences as the last front end kept them; the standard ones for
  /// what was never kept, or was kept in a form not understood.
  ///
  /// - Throws: ``WordServiceError`` when the store cannot be read.
  public func studyPreferences() async throws(WordServiceError) -> StudyPreferences {
    var preferences = StudyPreferences()
    if let value = try await frontEndValue(for: "typing_books") {
      let ids = value.split(separator: ",").map { Int64($0) }
      if ids.allSatisfy({ $0 != nil }) {
        preferences.typingBooks = Set(ids.compactMap { $0.map { WordBook.ID($0) } })
      }
    }
    preferences.saysNewCards = try await frontEndValue(for: "says_new_cards") == "1"
    return preferences
  }

  /// Keeps the study screen's preferences for the next session.
  ///
  /// - Throws: ``WordServiceError`` when the store cannot be written.
  public func setStudyPreferences(_ preferences: StudyPreferences) async throws(WordServiceError) {
    let books = preferences.typingBooks.map(\.rawValue).sorted().map(String.init)
    try await setFrontEndValue(books.joined(separator: ","), for: "typing_books")
    try await setFrontEndValue(preferences.saysNewCards ? "1" : "0", for: "says_new_cards")
  }

  /// The languages the terms and meanings of `book` are said in.
  ///
  /// - Throws: ``WordServiceError`` when the store cannot be read.
  public func speechLanguages(of book: WordBook.ID) async throws(WordServiceError)
    -> SpeechLanguages
  {
    let term = try await frontEndValue(for: "term_language:\(book)")
    let meaning = try await frontEndValue(for: "meaning_language:\(book)")
    let valid = { (tag: String?) in tag.flatMap { SpeechLanguages.isLanguageTag($0) ? $0 : nil } }
    return SpeechLanguages(term: valid(term), meaning: valid(meaning))
  }

  /// Sets the language `side` of `book`'s cards is said in; an empty tag sets none.
  ///
  /// - Throws: ``WordServiceError`` when the store cannot be written.
  public func setSpeechLanguage(
    _ tag: String, of side: SpeechRequest.Side, in book: WordBook.ID
  ) async throws(WordServiceError) {
    try await setFrontEndValue(tag, for: "\(side.rawValue)_language:\(book)")
  }
}
