extension AppAction: Codable {
  private enum CodingKeys: String, CodingKey {
    case kind
    case book
    case books
    case changes
    case error
    case id
    case meaning
    case memory
    case mode
    case query
    case rating
    case schedule
    case term
    case time
    case title
    case word
    case words
  }

  private enum Kind: String, Codable {
    case bookCreated, booksLoaded, createBook, loadBooks, selectBook, wordsLoaded
    case flip, markFail, markSuccess, redo, resetMark, retryUnsavedMarks, setStudyMode, shuffle
    case studyStatesSaved, toggleStudyMode, undo
    case deleteWord, dismissError, saveWord, wordDeleted, wordSaved
    // Added later: new kinds only, so earlier logs still decode.
    case bookDeleted, bookRenamed, deleteBook, lastStudiedBookLoaded, renameBook
    case setSearchQuery, toggleReverse
    case editWord, wordEdited
    case outsideBooksLoaded, outsideChanges, outsideWordsLoaded, subscribeToChanges
    case unsubscribeFromChanges
    case rate, reviewRecorded, reviewRemoved, scheduleLoaded
    case firstWordsLoaded
  }

  /// Decodes an action from an object with a `kind` and the action's fields; a failed
  /// service result has an `error` field instead of its value.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    func result<T: Decodable>(_ key: CodingKeys) throws -> Result<T, WordServiceError> {
      if let error = try c.decodeIfPresent(WordServiceError.self, forKey: .error) {
        return .failure(error)
      }
      return .success(try c.decode(T.self, forKey: key))
    }
    switch try c.decode(Kind.self, forKey: .kind) {
    case .bookCreated: self = .bookCreated(try result(.book))
    case .booksLoaded: self = .booksLoaded(try result(.books))
    case .createBook: self = .createBook(title: try c.decode(String.self, forKey: .title))
    case .loadBooks: self = .loadBooks
    case .selectBook: self = .selectBook(try c.decode(WordBook.ID.self, forKey: .book))
    case .wordsLoaded:
      self = .wordsLoaded(try c.decode(WordBook.ID.self, forKey: .book), try result(.words))
    case .firstWordsLoaded:
      self = .firstWordsLoaded(
        try c.decode(WordBook.ID.self, forKey: .book), try c.decode([Word].self, forKey: .words))
    case .flip: self = .flip(try c.decode(Word.ID.self, forKey: .id))
    case .markFail: self = .markFail(try c.decode(Word.ID.self, forKey: .id))
    case .markSuccess: self = .markSuccess(try c.decode(Word.ID.self, forKey: .id))
    case .redo: self = .redo
    case .resetMark: self = .resetMark(try c.decode(Word.ID.self, forKey: .id))
    case .retryUnsavedMarks: self = .retryUnsavedMarks
    case .setStudyMode: self = .setStudyMode(try c.decode(StudyMode.self, forKey: .mode))
    case .shuffle: self = .shuffle
    case .studyStatesSaved: self = .studyStatesSaved(try result(.changes))
    case .toggleStudyMode: self = .toggleStudyMode
    case .undo: self = .undo
    case .deleteWord: self = .deleteWord(try c.decode(Word.ID.self, forKey: .id))
    case .dismissError: self = .dismissError
    case .saveWord:
      self = .saveWord(
        term: try c.decode(String.self, forKey: .term),
        meaning: try c.decode(String.self, forKey: .meaning))
    case .wordDeleted:
      self = .wordDeleted(try c.decode(Word.ID.self, forKey: .id), try result(.word))
    case .wordSaved:
      self = .wordSaved(try c.decode(WordBook.ID.self, forKey: .book), try result(.word))
    case .bookDeleted:
      self = .bookDeleted(try c.decode(WordBook.ID.self, forKey: .id), try result(.book))
    case .bookRenamed: self = .bookRenamed(try result(.book))
    case .deleteBook: self = .deleteBook(try c.decode(WordBook.ID.self, forKey: .book))
    case .lastStudiedBookLoaded: self = .lastStudiedBookLoaded(try result(.book))
    case .renameBook:
      self = .renameBook(
        try c.decode(WordBook.ID.self, forKey: .book),
        title: try c.decode(String.self, forKey: .title))
    case .setSearchQuery:
      self = .setSearchQuery(try c.decodeIfPresent(String.self, forKey: .query))
    case .toggleReverse: self = .toggleReverse
    case .editWord:
      self = .editWord(
        try c.decode(Word.ID.self, forKey: .id),
        term: try c.decode(String.self, forKey: .term),
        meaning: try c.decode(String.self, forKey: .meaning))
    case .wordEdited:
      self = .wordEdited(try c.decode(WordBook.ID.self, forKey: .book), try result(.word))
    case .outsideBooksLoaded: self = .outsideBooksLoaded(try result(.books))
    case .outsideChanges:
      self = .outsideChanges(try c.decode([WordChange].self, forKey: .changes))
    case .outsideWordsLoaded:
      self = .outsideWordsLoaded(
        try c.decode(WordBook.ID.self, forKey: .book), try result(.words))
    case .subscribeToChanges: self = .subscribeToChanges
    case .unsubscribeFromChanges: self = .unsubscribeFromChanges
    case .rate:
      self = .rate(
        try c.decode(Word.ID.self, forKey: .id), try c.decode(Rating.self, forKey: .rating),
        at: try c.decode(Timestamp.self, forKey: .time))
    case .reviewRecorded:
      self = .reviewRecorded(try c.decode(Word.ID.self, forKey: .id), try result(.memory))
    case .reviewRemoved:
      self = .reviewRemoved(try c.decode(Word.ID.self, forKey: .id), try result(.memory))
    case .scheduleLoaded:
      self = .scheduleLoaded(
        try c.decode(WordBook.ID.self, forKey: .book), try result(.schedule))
    }
  }

  /// Encodes the action as an object with a `kind` and the action's fields.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    func encode<T: Encodable>(_ result: Result<T, WordServiceError>, _ key: CodingKeys) throws {
      switch result {
      case .success(let value): try c.encode(value, forKey: key)
      case .failure(let error): try c.encode(error, forKey: .error)
      }
    }
    switch self {
    case .bookCreated(let result):
      try c.encode(Kind.bookCreated, forKey: .kind)
      try encode(result, .book)
    case .booksLoaded(let result):
      try c.encode(Kind.booksLoaded, forKey: .kind)
      try encode(result, .books)
    case .createBook(let title):
      try c.encode(Kind.createBook, forKey: .kind)
      try c.encode(title, forKey: .title)
    case .loadBooks:
      try c.encode(Kind.loadBooks, forKey: .kind)
    case .selectBook(let id):
      try c.encode(Kind.selectBook, forKey: .kind)
      try c.encode(id, forKey: .book)
    case .wordsLoaded(let bookID, let result):
      try c.encode(Kind.wordsLoaded, forKey: .kind)
      try c.encode(bookID, forKey: .book)
      try encode(result, .words)
    case .firstWordsLoaded(let bookID, let words):
      try c.encode(Kind.firstWordsLoaded, forKey: .kind)
      try c.encode(bookID, forKey: .book)
      try c.encode(words, forKey: .words)
    case .flip(let id):
      try c.encode(Kind.flip, forKey: .kind)
      try c.encode(id, forKey: .id)
    case .markFail(let id):
      try c.encode(Kind.markFail, forKey: .kind)
      try c.encode(id, forKey: .id)
    case .markSuccess(let id):
      try c.encode(Kind.markSuccess, forKey: .kind)
      try c.encode(id, forKey: .id)
    case .redo:
      try c.encode(Kind.redo, forKey: .kind)
    case .retryUnsavedMarks:
      try c.encode(Kind.retryUnsavedMarks, forKey: .kind)
    case .resetMark(let id):
      try c.encode(Kind.resetMark, forKey: .kind)
      try c.encode(id, forKey: .id)
    case .setStudyMode(let mode):
      try c.encode(Kind.setStudyMode, forKey: .kind)
      try c.encode(mode, forKey: .mode)
    case .shuffle:
      try c.encode(Kind.shuffle, forKey: .kind)
    case .studyStatesSaved(let result):
      try c.encode(Kind.studyStatesSaved, forKey: .kind)
      try encode(result, .changes)
    case .toggleStudyMode:
      try c.encode(Kind.toggleStudyMode, forKey: .kind)
    case .undo:
      try c.encode(Kind.undo, forKey: .kind)
    case .deleteWord(let id):
      try c.encode(Kind.deleteWord, forKey: .kind)
      try c.encode(id, forKey: .id)
    case .dismissError:
      try c.encode(Kind.dismissError, forKey: .kind)
    case .saveWord(let term, let meaning):
      try c.encode(Kind.saveWord, forKey: .kind)
      try c.encode(term, forKey: .term)
      try c.encode(meaning, forKey: .meaning)
    case .wordDeleted(let id, let result):
      try c.encode(Kind.wordDeleted, forKey: .kind)
      try c.encode(id, forKey: .id)
      try encode(result, .word)
    case .wordSaved(let bookID, let result):
      try c.encode(Kind.wordSaved, forKey: .kind)
      try c.encode(bookID, forKey: .book)
      try encode(result, .word)
    case .bookDeleted(let bookID, let result):
      try c.encode(Kind.bookDeleted, forKey: .kind)
      try c.encode(bookID, forKey: .id)
      try encode(result, .book)
    case .bookRenamed(let result):
      try c.encode(Kind.bookRenamed, forKey: .kind)
      try encode(result, .book)
    case .deleteBook(let bookID):
      try c.encode(Kind.deleteBook, forKey: .kind)
      try c.encode(bookID, forKey: .book)
    case .lastStudiedBookLoaded(let result):
      try c.encode(Kind.lastStudiedBookLoaded, forKey: .kind)
      try encode(result, .book)
    case .renameBook(let bookID, let title):
      try c.encode(Kind.renameBook, forKey: .kind)
      try c.encode(bookID, forKey: .book)
      try c.encode(title, forKey: .title)
    case .setSearchQuery(let query):
      try c.encode(Kind.setSearchQuery, forKey: .kind)
      try c.encodeIfPresent(query, forKey: .query)
    case .toggleReverse:
      try c.encode(Kind.toggleReverse, forKey: .kind)
    case .editWord(let wordID, let term, let meaning):
      try c.encode(Kind.editWord, forKey: .kind)
      try c.encode(wordID, forKey: .id)
      try c.encode(term, forKey: .term)
      try c.encode(meaning, forKey: .meaning)
    case .wordEdited(let bookID, let result):
      try c.encode(Kind.wordEdited, forKey: .kind)
      try c.encode(bookID, forKey: .book)
      try encode(result, .word)
    case .outsideBooksLoaded(let result):
      try c.encode(Kind.outsideBooksLoaded, forKey: .kind)
      try encode(result, .books)
    case .outsideChanges(let changes):
      try c.encode(Kind.outsideChanges, forKey: .kind)
      try c.encode(changes, forKey: .changes)
    case .outsideWordsLoaded(let bookID, let result):
      try c.encode(Kind.outsideWordsLoaded, forKey: .kind)
      try c.encode(bookID, forKey: .book)
      try encode(result, .words)
    case .subscribeToChanges:
      try c.encode(Kind.subscribeToChanges, forKey: .kind)
    case .unsubscribeFromChanges:
      try c.encode(Kind.unsubscribeFromChanges, forKey: .kind)
    case .rate(let wordID, let rating, let time):
      try c.encode(Kind.rate, forKey: .kind)
      try c.encode(wordID, forKey: .id)
      try c.encode(rating, forKey: .rating)
      try c.encode(time, forKey: .time)
    case .reviewRecorded(let wordID, let result):
      try c.encode(Kind.reviewRecorded, forKey: .kind)
      try c.encode(wordID, forKey: .id)
      try encode(result, .memory)
    case .reviewRemoved(let wordID, let result):
      try c.encode(Kind.reviewRemoved, forKey: .kind)
      try c.encode(wordID, forKey: .id)
      try encode(result, .memory)
    case .scheduleLoaded(let bookID, let result):
      try c.encode(Kind.scheduleLoaded, forKey: .kind)
      try c.encode(bookID, forKey: .book)
      try encode(result, .schedule)
    }
  }
}
