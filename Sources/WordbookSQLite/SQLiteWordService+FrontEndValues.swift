import Wordbook

extension SQLiteWordService: FrontEndValueStore {
  /// Reads the value from the database's `settings` table.
  public func frontEndValue(for key: String) async throws(WordServiceError) -> String? {
    try await withConnection { connection throws(WordServiceError) in
      try connection.textSetting(Self.frontEndKey(key))
    }
  }

  /// Writes the value to the database's `settings` table, durably before it returns.
  public func setFrontEndValue(_ value: String, for key: String) async throws(WordServiceError) {
    try await writing(.saveSettings) { connection throws(WordServiceError) in
      try connection.setTextSetting(Self.frontEndKey(key), to: value)
    }
  }

  /// The `settings` key of a front end's value, apart from the service's own settings.
  private static func frontEndKey(_ key: String) -> String { "front_end." + key }
}
