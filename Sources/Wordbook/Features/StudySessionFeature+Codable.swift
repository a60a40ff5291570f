extension StudySessionFeature.Action: Codable {
  /// The answers' kinds, as logs name them.
  enum Answer: String, Codable {
    case wordsLoaded, firstWordsLoaded, studyStatesSaved, reviewRecorded, reviewRemoved
    case scheduleLoaded, wordSaved, wordEdited, wordDeleted, outsideChanges, outsideWordsLoaded
  }

  /// Decodes `{"view": …}`, a front end's action as Swift synthesizes it, `{"delegate": …}`,
  /// what the feature told its parent, or an answer as an object with a `kind` and its fields.
  public init(from decoder: any Decoder) throws {
    self = try ActionFieldReader.decodeAction(
      from: decoder, view: Self.view, delegate: Self.delegate
    ) { answer, fields in
      switch answer as Answer {
      case .wordsLoaded: .wordsLoaded(try fields(.book), try fields.result(.words))
      case .firstWordsLoaded: .firstWordsLoaded(try fields(.book), try fields(.words))
      case .studyStatesSaved: .studyStatesSaved(try fields.result(.changes))
      case .reviewRecorded: .reviewRecorded(try fields(.id), try fields.result(.memory))
      case .reviewRemoved: .reviewRemoved(try fields(.id), try fields.result(.memory))
      case .scheduleLoaded: .scheduleLoaded(try fields(.book), try fields.result(.schedule))
      case .wordSaved: .wordSaved(try fields(.book), try fields.result(.word))
      case .wordEdited: .wordEdited(try fields(.book), try fields.result(.word))
      case .wordDeleted: .wordDeleted(try fields(.id), try fields.result(.word))
      case .outsideChanges: .outsideChanges(try fields(.changes))
      case .outsideWordsLoaded: .outsideWordsLoaded(try fields(.book), try fields.result(.words))
      }
    }
  }

  /// Encodes the action as ``init(from:)`` reads it.
  public func encode(to encoder: any Encoder) throws {
    var fields = ActionFieldWriter(encoder)
    switch self {
    case .view(let view): try fields(view, .view)
    case .delegate(let delegate): try fields(delegate, .delegate)
    case .wordsLoaded(let bookID, let result):
      try fields.answer(Answer.wordsLoaded, result, .words, (bookID, .book))
    case .firstWordsLoaded(let bookID, let words):
      try fields.answer(Answer.firstWordsLoaded, (bookID, .book), (words, .words))
    case .studyStatesSaved(let result):
      try fields.answer(Answer.studyStatesSaved, result, .changes)
    case .reviewRecorded(let wordID, let result):
      try fields.answer(Answer.reviewRecorded, result, .memory, (wordID, .id))
    case .reviewRemoved(let wordID, let result):
      try fields.answer(Answer.reviewRemoved, result, .memory, (wordID, .id))
    case .scheduleLoaded(let bookID, let result):
      try fields.answer(Answer.scheduleLoaded, result, .schedule, (bookID, .book))
    case .wordSaved(let bookID, let result):
      try fields.answer(Answer.wordSaved, result, .word, (bookID, .book))
    case .wordEdited(let bookID, let result):
      try fields.answer(Answer.wordEdited, result, .word, (bookID, .book))
    case .wordDeleted(let wordID, let result):
      try fields.answer(Answer.wordDeleted, result, .word, (wordID, .id))
    case .outsideChanges(let changes): try fields.answer(Answer.outsideChanges, (changes, .changes))
    case .outsideWordsLoaded(let bookID, let result):
      try fields.answer(Answer.outsideWordsLoaded, result, .words, (bookID, .book))
    }
  }
}
