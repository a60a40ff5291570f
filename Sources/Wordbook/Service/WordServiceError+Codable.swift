extension WordServiceError: Codable {
  private enum CodingKeys: String, CodingKey {
    case kind
    case reason
    case message
    case isRetryable
    case existingBook
  }

  /// Decodes an error; one logged before errors carried a ``reason`` becomes
  /// ``Reason/described(_:)`` with its logged message, so its replay says the same.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    kind = try c.decode(Kind.self, forKey: .kind)
    isRetryable = try c.decode(Bool.self, forKey: .isRetryable)
    if let reason = try c.decodeIfPresent(Reason.self, forKey: .reason) {
      self.reason = reason
    } else if kind == .titleTaken,
      let book = try c.decodeIfPresent(WordBook.self, forKey: .existingBook)
    {
      reason = .titleTaken(book)
    } else {
      reason = .described(try c.decode(String.self, forKey: .message))
    }
  }

  /// Encodes the kind, the reason and, for readers of the log, the English message.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(kind, forKey: .kind)
    try c.encode(reason, forKey: .reason)
    try c.encode(message, forKey: .message)
    try c.encode(isRetryable, forKey: .isRetryable)
    try c.encodeIfPresent(existingBook, forKey: .existingBook)
  }
}
