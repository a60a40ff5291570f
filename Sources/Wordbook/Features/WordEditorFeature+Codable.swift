extension WordEditorFeature.Action: Codable {
  /// The answers' kinds, as logs name them.
  enum Answer: String, Codable {
    case wordSaved, wordEdited, wordDeleted
  }

  /// Decodes `{"view": …}`, a front end's action as Swift synthesizes it, or an answer as an
  /// object with a `kind` and its fields.
  public init(from decoder: any Decoder) throws {
    self = try ActionFieldReader.decodeAction(from: decoder, view: Self.view) { answer, fields in
      switch answer as Answer {
      case .wordSaved: .wordSaved(try fields(.book), try fields.result(.word))
      case .wordEdited: .wordEdited(try fields(.book), try fields.result(.word))
      case .wordDeleted: .wordDeleted(try fields(.id), try fields.result(.word))
      }
    }
  }

  /// Encodes the action as ``init(from:)`` reads it.
  public func encode(to encoder: any Encoder) throws {
    var fields = ActionFieldWriter(encoder)
    switch self {
    case .view(let view): try fields(view, .view)
    case .wordSaved(let bookID, let result):
      try fields.answer(Answer.wordSaved, result, .word, (bookID, .book))
    case .wordEdited(let bookID, let result):
      try fields.answer(Answer.wordEdited, result, .word, (bookID, .book))
    case .wordDeleted(let wordID, let result):
      try fields.answer(Answer.wordDeleted, result, .word, (wordID, .id))
    }
  }
}
