import Wordbook

/// The connection as the storage of the rules every service shares; the queries they need
/// beyond those of `Connection+Queries` and `Connection+Reviews`.
extension Connection: DatabaseStorage {
  /// Sets a book's title and its key (`String.titleKey`); `false` when there is no such book.
  func setTitle(_ title: String, of bookID: WordBook.ID) throws(WordServiceError) -> Bool {
    try setTitle(title, key: title.titleKey, of: bookID)
  }

  /// Whether a word has this ID.
  func wordExists(_ wordID: Word.ID) throws(WordServiceError) -> Bool {
    try bookID(ofWord: wordID) != nil
  }

  /// Sets the study state of a word known to exist.
  func setStudyState(_ state: StudyState, of wordID: Word.ID) throws(WordServiceError) {
    _ = try setStudyState(StudyStateChange(wordID: wordID, state: state))
  }

  /// The review settings stored as JSON in `settings`, or the standard ones when none were.
  ///
  /// - Throws: `WordServiceError` of kind `.corrupted` when the stored settings cannot be read.
  func reviewSettings() throws(WordServiceError) -> ReviewSettings {
    guard let text = try textSetting(Self.reviewSettingsKey) else { return .standard }
    return try ReviewSettings(storedJSON: text, path: path)
  }

  /// Stores the review settings as JSON in `settings`.
  func storeReviewSettings(_ settings: ReviewSettings) throws(WordServiceError) {
    try setTextSetting(Self.reviewSettingsKey, to: try settings.storedJSON(path: path))
  }

  /// The `settings` key of the review settings, a JSON object.
  private static let reviewSettingsKey = "review_settings"
}
