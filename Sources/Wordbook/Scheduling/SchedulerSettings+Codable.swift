extension SchedulerSettings: Codable {
  private enum CodingKeys: String, CodingKey {
    case parameters, desiredRetention, learningSteps, relearningSteps, maximumInterval
    case isFuzzEnabled
  }

  /// Decodes settings and checks them as ``init(parameters:desiredRetention:learningSteps:relearningSteps:maximumInterval:isFuzzEnabled:)``
  /// does, so settings read from a file are as valid as settings made in code.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` wrapping the ``SchedulerSettingsError`` when a
  ///   value is out of bounds, or the decoder's error when a value is missing or mistyped.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    do {
      try self.init(
        parameters: container.decode([Double].self, forKey: .parameters),
        desiredRetention: container.decode(Double.self, forKey: .desiredRetention),
        learningSteps: container.decode([Duration].self, forKey: .learningSteps),
        relearningSteps: container.decode([Duration].self, forKey: .relearningSteps),
        maximumInterval: container.decode(Int.self, forKey: .maximumInterval),
        isFuzzEnabled: container.decode(Bool.self, forKey: .isFuzzEnabled))
    } catch let error as SchedulerSettingsError {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath, debugDescription: "\(error)", underlyingError: error))
    }
  }

  /// Encodes every value of the settings.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(parameters, forKey: .parameters)
    try container.encode(desiredRetention, forKey: .desiredRetention)
    try container.encode(learningSteps, forKey: .learningSteps)
    try container.encode(relearningSteps, forKey: .relearningSteps)
    try container.encode(maximumInterval, forKey: .maximumInterval)
    try container.encode(isFuzzEnabled, forKey: .isFuzzEnabled)
  }
}
