extension OutsideChangesFeature.Action: Codable {
  /// The answers' kinds, as logs name them.
  enum Answer: String, Codable {
    case outsideChanges, outsideBooksLoaded, outsideWordsLoaded
  }

  /// Decodes `{"view": …}`, a front end's action as Swift synthesizes it, or an answer as an
  /// object with a `kind` and its fields.
  public init(from decoder: any Decoder) throws {
    self = try ActionFieldReader.decodeAction(from: decoder, view: Self.view) { answer, fields in
      switch answer as Answer {
      case .outsideChanges: .outsideChanges(try fields(.changes))
      case .outsideBooksLoaded: .outsideBooksLoaded(try fields.result(.books))
      case .outsideWordsLoaded: .outsideWordsLoaded(try fields(.book), try fields.result(.words))
      }
    }
  }

  /// Encodes the action as ``init(from:)`` reads it.
  public func encode(to encoder: any Encoder) throws {
    var fields = ActionFieldWriter(encoder)
    switch self {
    case .view(let view): try fields(view, .view)
    case .outsideChanges(let changes): try fields.answer(Answer.outsideChanges, (changes, .changes))
    case .outsideBooksLoaded(let result):
      try fields.answer(Answer.outsideBooksLoaded, result, .books)
    case .outsideWordsLoaded(let bookID, let result):
      try fields.answer(Answer.outsideWordsLoaded, result, .words, (bookID, .book))
    }
  }
}
