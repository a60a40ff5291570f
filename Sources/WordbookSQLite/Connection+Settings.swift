import Wordbook

/// The SQL of the `settings` table: one value a key, an integer or a text.
extension Connection {
  /// A setting's integer value, or `nil` when it is not set.
  func integerSetting(_ key: String) throws(WordServiceError) -> Int64? {
    try setting(key) { $0.int64(at: 0) }
  }

  /// Sets a setting to an integer value.
  func setIntegerSetting(_ key: String, to value: Int64) throws(WordServiceError) {
    try setSetting(key) { $0.bind(value, at: 2) }
  }

  /// A setting's text, or `nil` when it is not set.
  func textSetting(_ key: String) throws(WordServiceError) -> String? {
    try setting(key) { $0.text(at: 0) }
  }

  /// Sets a setting to a text.
  func setTextSetting(_ key: String, to value: String) throws(WordServiceError) {
    try setSetting(key) { $0.bind(value, at: 2) }
  }

  /// A setting's value, read from its row by `read`, or `nil` when it is not set.
  private func setting<Value>(_ key: String, _ read: (Statement) -> Value)
    throws(WordServiceError) -> Value?
  {
    let statement = try self.statement("SELECT value FROM settings WHERE key = ?1")
    defer { statement.reset() }
    statement.bind(key, at: 1)
    guard try statement.step(self, .readSettings) else { return nil }
    return read(statement)
  }

  /// Sets a setting to the value `bind` binds as the statement's `?2`.
  private func setSetting(_ key: String, binding bind: (Statement) -> Void)
    throws(WordServiceError)
  {
    let statement = try self.statement(
      "INSERT INTO settings (key, value) VALUES (?1, ?2) "
        + "ON CONFLICT (key) DO UPDATE SET value = excluded.value")
    statement.bind(key, at: 1)
    bind(statement)
    try statement.run(self, .saveSettings)
  }
}
