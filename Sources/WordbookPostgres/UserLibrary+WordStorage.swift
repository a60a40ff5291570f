import Wordbook

/// One user's library as the storage of the rules every service shares; its review settings,
/// beyond the queries of `UserLibrary`, `UserLibrary+Words` and `UserLibrary+Reviews`.
extension UserLibrary: DatabaseStorage {
  /// The user's review settings, kept as JSON in a `settings` row, or the standard ones when
  /// none were stored.
  ///
  /// - Throws: `WordServiceError` of kind `.corrupted` when the stored settings cannot be read.
  func reviewSettings() throws(WordServiceError) -> ReviewSettings {
    let rows = try query(
      "SELECT text_value FROM settings WHERE user_id = $1 AND key = $2",
      [.text(Self.reviewSettingsKey)], .readSettings)
    guard rows.count == 1, let text = rows.optionalText(0, 0) else { return .standard }
    return try ReviewSettings(storedJSON: text, path: connection.location)
  }

  /// Stores the user's review settings as JSON in their `settings` row.
  func storeReviewSettings(_ settings: ReviewSettings) throws(WordServiceError) {
    let encoded = try settings.storedJSON(path: connection.location)
    try query(
      """
      INSERT INTO settings (user_id, key, value) VALUES ($1, $2, 0)
      ON CONFLICT (user_id, key) DO NOTHING
      """, [.text(Self.reviewSettingsKey)], .saveSettings)
    try query(
      "UPDATE settings SET text_value = $3 WHERE user_id = $1 AND key = $2",
      [.text(Self.reviewSettingsKey), .text(encoded)], .saveSettings)
  }

  /// The `settings` key of the review settings, a JSON object in `text_value`.
  private static let reviewSettingsKey = "review_settings"
}
