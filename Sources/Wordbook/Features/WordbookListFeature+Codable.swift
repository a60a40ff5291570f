extension WordbookListFeature.Action: Codable {
  /// The answers' kinds, as logs name them.
  enum Answer: String, Codable {
    case booksLoaded, lastStudiedBookLoaded, bookCreated, bookRenamed, bookDeleted
    case outsideBooksLoaded, roundCountsLoaded
  }

  /// Decodes `{"view": …}`, a front end's action as Swift synthesizes it, `{"delegate": …}`,
  /// what the feature told its parent, or an answer as an object with a `kind` and its fields.
  public init(from decoder: any Decoder) throws {
    self = try ActionFieldReader.decodeAction(
      from: decoder, view: Self.view, delegate: Self.delegate
    ) { answer, fields in
      switch answer as Answer {
      case .booksLoaded: .booksLoaded(try fields.result(.books))
      case .lastStudiedBookLoaded: .lastStudiedBookLoaded(try fields.result(.book))
      case .bookCreated: .bookCreated(try fields.result(.book))
      case .bookRenamed: .bookRenamed(try fields.result(.book))
      case .bookDeleted: .bookDeleted(try fields(.id), try fields.result(.book))
      case .outsideBooksLoaded: .outsideBooksLoaded(try fields.result(.books))
      case .roundCountsLoaded: .roundCountsLoaded(try fields.result(.counts))
      }
    }
  }

  /// Encodes the action as ``init(from:)`` reads it.
  public func encode(to encoder: any Encoder) throws {
    var fields = ActionFieldWriter(encoder)
    switch self {
    case .view(let view): try fields(view, .view)
    case .delegate(let delegate): try fields(delegate, .delegate)
    case .booksLoaded(let result): try fields.answer(Answer.booksLoaded, result, .books)
    case .lastStudiedBookLoaded(let result):
      try fields.answer(Answer.lastStudiedBookLoaded, result, .book)
    case .bookCreated(let result): try fields.answer(Answer.bookCreated, result, .book)
    case .bookRenamed(let result): try fields.answer(Answer.bookRenamed, result, .book)
    case .bookDeleted(let bookID, let result):
      try fields.answer(Answer.bookDeleted, result, .book, (bookID, .id))
    case .outsideBooksLoaded(let result):
      try fields.answer(Answer.outsideBooksLoaded, result, .books)
    case .roundCountsLoaded(let result):
      try fields.answer(Answer.roundCountsLoaded, result, .counts)
    }
  }
}
