extension AppAction: Codable {
  private enum CodingKeys: String, CodingKey {
    case books, study, dismissError
  }

  /// Decodes an action as ``encode(to:)`` writes it, an object with one key naming the feature
  /// (`{"study": {"view": {"shuffle": {}}}}`), or in the flat form: an object with a `kind` and
  /// the action's fields (`{"kind": "shuffle"}`), as logs of formats 1 and 2 and the study
  /// page write it.
  public init(from decoder: any Decoder) throws {
    if try decoder.container(keyedBy: ActionFieldKey.self).contains(.kind) {
      self = try Self(flat: decoder)
      return
    }
    let c = try decoder.container(keyedBy: CodingKeys.self)
    guard c.allKeys.count == 1, let key = c.allKeys.first else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath,
          debugDescription:
            "An action is an object with one key: books, study or dismissError."
        ))
    }
    switch key {
    case .books: self = .books(try c.decode(WordbookListFeature.Action.self, forKey: key))
    case .study: self = .study(try c.decode(StudySessionFeature.Action.self, forKey: key))
    case .dismissError: self = .dismissError
    }
  }

  /// Encodes the action as an object with one key naming its feature, whose value is the
  /// feature's action.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .books(let action): try c.encode(action, forKey: .books)
    case .study(let action): try c.encode(action, forKey: .study)
    case .dismissError: try c.encode([String: String](), forKey: .dismissError)
    }
  }

  /// Decodes the flat form: a `kind` and the action's fields. The kinds are those of the
  /// actions that existed when logs were flat; a service's answer reads as its feature writes
  /// it, which is the same object.
  private init(flat decoder: any Decoder) throws {
    let fields = try ActionFieldReader(decoder)
    let kind: String = try fields(.kind)
    switch kind {
    case "loadBooks": self = .books(.view(.loadBooks))
    case "selectBook": self = .books(.view(.selectBook(try fields(.book))))
    case "createBook": self = .books(.view(.createBook(title: try fields(.title))))
    case "renameBook":
      self = .books(.view(.renameBook(try fields(.book), title: try fields(.title))))
    case "deleteBook": self = .books(.view(.deleteBook(try fields(.book))))
    case "flip": self = .study(.view(.flip(try fields(.id))))
    case "markFail": self = .study(.view(.markFail(try fields(.id))))
    case "markSuccess": self = .study(.view(.markSuccess(try fields(.id))))
    case "resetMark": self = .study(.view(.resetMark(try fields(.id))))
    case "rate":
      self = .study(
        .view(.rate(try fields(.id), try fields(.rating), at: try fields(.time))))
    case "undo": self = .study(.view(.undo))
    case "redo": self = .study(.view(.redo))
    case "retryUnsavedMarks": self = .study(.view(.retryUnsavedMarks))
    case "setSearchQuery": self = .study(.view(.setSearchQuery(try fields.optional(.query))))
    case "setStudyMode": self = .study(.view(.setStudyMode(try fields(.mode))))
    case "shuffle": self = .study(.view(.shuffle))
    case "toggleReverse": self = .study(.view(.toggleReverse))
    case "toggleStudyMode": self = .study(.view(.toggleStudyMode))
    case "saveWord":
      self = .study(.view(.saveWord(term: try fields(.term), meaning: try fields(.meaning))))
    case "editWord":
      self = .study(
        .view(.editWord(try fields(.id), term: try fields(.term), meaning: try fields(.meaning))))
    case "deleteWord": self = .study(.view(.deleteWord(try fields(.id))))
    case "dismissError": self = .dismissError
    case "subscribeToChanges": self = .study(.view(.subscribeToChanges))
    case "unsubscribeFromChanges": self = .study(.view(.unsubscribeFromChanges))
    case _ where WordbookListFeature.Action.Answer(rawValue: kind) != nil:
      self = .books(try WordbookListFeature.Action(from: decoder))
    case _ where StudySessionFeature.Action.Answer(rawValue: kind) != nil:
      self = .study(try StudySessionFeature.Action(from: decoder))
    default:
      throw DecodingError.dataCorruptedError(
        forKey: .kind, in: fields.container,
        debugDescription: "Cannot initialize Kind from invalid String value \(kind)")
    }
  }
}
