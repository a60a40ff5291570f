import Wordbook

extension PostgresWordService: FrontEndValueStore {
  /// Reads the user's value from the `settings` table.
  public func frontEndValue(for key: String) async throws(WordServiceError) -> String? {
    try await withLibrary { library throws(WordServiceError) in
      let rows = try library.query(
        "SELECT text_value FROM settings WHERE user_id = $1 AND key = $2",
        [.text(Self.frontEndKey(key))], .readSettings)
      return rows.count == 1 ? rows.optionalText(0, 0) : nil
    }
  }

  /// Writes the user's value to the `settings` table, committed before it returns.
  public func setFrontEndValue(_ value: String, for key: String) async throws(WordServiceError) {
    try await withLibrary { library throws(WordServiceError) in
      _ = try library.query(
        """
        INSERT INTO settings (user_id, key, value, text_value) VALUES ($1, $2, 0, $3)
        ON CONFLICT (user_id, key) DO UPDATE SET text_value = excluded.text_value
        """, [.text(Self.frontEndKey(key)), .text(value)], .saveSettings)
    }
  }

  /// The `settings` key of a front end's value, apart from the service's own settings.
  private static func frontEndKey(_ key: String) -> String { "front_end." + key }
}
