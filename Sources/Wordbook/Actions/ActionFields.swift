/// The fields of an action written as an object with a `kind`: how a feature writes its
/// service's answers, whose `Result` has no synthesized `Codable`, and how logs of formats 1
/// and 2 and the page's `POST /actions` write every action.
///
/// A failed result is written as an `error` field in place of its value.
enum ActionFieldKey: String, CodingKey {
  case kind, view, delegate
  case book, books, changes, counts, error, id, meaning, memory, mode, query, rating, schedule
  case term
  case time, title, word, words
}

/// Reading an action's fields.
struct ActionFieldReader {
  let container: KeyedDecodingContainer<ActionFieldKey>

  init(_ decoder: any Decoder) throws {
    container = try decoder.container(keyedBy: ActionFieldKey.self)
  }

  /// Decodes a feature's action: `{"view": …}`, a front end's action as Swift synthesizes
  /// it, `{"delegate": …}`, what the feature told its parent, or a service's answer as its
  /// kind and fields, which `answer` reads.
  static func decodeAction<Action, View: Decodable, Delegate: Decodable, Answer: Decodable>(
    from decoder: any Decoder, view: (View) -> Action, delegate: (Delegate) -> Action,
    answer: (Answer, ActionFieldReader) throws -> Action
  ) throws -> Action {
    let fields = try ActionFieldReader(decoder)
    if let decoded: View = try fields.optional(.view) { return view(decoded) }
    if let decoded: Delegate = try fields.optional(.delegate) { return delegate(decoded) }
    return try answer(try fields(.kind), fields)
  }

  /// The value of `key`.
  func callAsFunction<T: Decodable>(_ key: ActionFieldKey) throws -> T {
    try container.decode(T.self, forKey: key)
  }

  /// The value of `key`, or `nil` when the field is missing.
  func optional<T: Decodable>(_ key: ActionFieldKey) throws -> T? {
    try container.decodeIfPresent(T.self, forKey: key)
  }

  /// A service's answer: the value of `key`, or the failure in `error`.
  func result<T: Decodable>(_ key: ActionFieldKey) throws -> Result<T, WordServiceError> {
    if let error = try container.decodeIfPresent(WordServiceError.self, forKey: .error) {
      return .failure(error)
    }
    return .success(try container.decode(T.self, forKey: key))
  }
}

/// Writing an action's fields.
struct ActionFieldWriter {
  var container: KeyedEncodingContainer<ActionFieldKey>

  init(_ encoder: any Encoder) {
    container = encoder.container(keyedBy: ActionFieldKey.self)
  }

  /// Writes `value` as `key`.
  mutating func callAsFunction<T: Encodable>(_ value: T, _ key: ActionFieldKey) throws {
    try container.encode(value, forKey: key)
  }

  /// Writes a service's answer without a `Result`: its kind and its fields.
  mutating func answer(_ kind: some Encodable, _ fields: (any Encodable, ActionFieldKey)...)
    throws
  {
    try container.encode(kind, forKey: .kind)
    for (value, key) in fields { try container.encode(value, forKey: key) }
  }

  /// Writes a service's answer: its kind, its fields, and its result as `key`.
  mutating func answer<T: Encodable>(
    _ kind: some Encodable, _ result: Result<T, WordServiceError>, _ key: ActionFieldKey,
    _ fields: (any Encodable, ActionFieldKey)...
  ) throws {
    try container.encode(kind, forKey: .kind)
    for (value, key) in fields { try container.encode(value, forKey: key) }
    try self.result(result, key)
  }

  /// Writes a service's answer: its value as `key`, or its failure as `error`.
  mutating func result<T: Encodable>(_ result: Result<T, WordServiceError>, _ key: ActionFieldKey)
    throws
  {
    switch result {
    case .success(let value): try container.encode(value, forKey: key)
    case .failure(let error): try container.encode(error, forKey: .error)
    }
  }
}
