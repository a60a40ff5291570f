/// The queries a word service's storage answers, for the rules every service shares: validating
/// a title or term, the not-found checks, recording and undoing a review, replaying the logs
/// when the scheduler changes, and importing reviews. The rules are written once, in extensions
/// of this protocol (`WordStorage+Editing`, `WordStorage+Reviews`); an adapter implements the
/// protocol with its queries and runs a rule inside its own transaction.
///
/// Every requirement is synchronous, since a service calls the rules inside a transaction's
/// body, on its connection: the SQLite service's `Connection`, the PostgreSQL service's
/// `UserLibrary` (one user's rows) and ``InMemoryWordService``'s library. A requirement that
/// writes changes the storage the conforming reference stands for, so none is `mutating`.
package protocol WordStorage {
  // MARK: Books

  /// Whether a book has this ID.
  func bookExists(_ bookID: WordBook.ID) throws(WordServiceError) -> Bool

  /// The book with this ID and its word count, or `nil`.
  func book(_ bookID: WordBook.ID) throws(WordServiceError) -> WordBook?

  /// The book whose title is `title` under the titles' comparison (`String.wordbookTitleKey`),
  /// or `nil`.
  func book(titled title: String) throws(WordServiceError) -> WordBook?

  /// Sets a book's title; `false` when there is no such book.
  func setTitle(_ title: String, of bookID: WordBook.ID) throws(WordServiceError) -> Bool

  /// Keeps the study mode a book was left in; `false` when there is no such book.
  func storeStudyMode(_ mode: StudyMode, of bookID: WordBook.ID) throws(WordServiceError) -> Bool

  /// Deletes a book, its words and their logs; `false` when there is no such book.
  func removeBook(_ bookID: WordBook.ID) throws(WordServiceError) -> Bool

  // MARK: Words

  /// Whether a word has this ID.
  func wordExists(_ wordID: Word.ID) throws(WordServiceError) -> Bool

  /// Sets a word's term and meaning; the word as stored afterwards, or `nil` when there is no
  /// such word.
  func setTerm(_ term: String, meaning: String, of wordID: Word.ID) throws(WordServiceError)
    -> Word?

  /// Sets the study state of a word known to exist, as a rating or its undoing does.
  func setStudyState(_ state: StudyState, of wordID: Word.ID) throws(WordServiceError)

  /// Deletes a word and its log; `false` when there is no such word.
  func removeWord(_ wordID: Word.ID) throws(WordServiceError) -> Bool

  // MARK: Review logs

  /// The review that holds the rating ID `id`, with its word, or `nil` when none does. IDs are
  /// unique across the storage: a review of another library counts, with its own word.
  func review(withID id: ReviewID) throws(WordServiceError) -> WordReview?

  /// A word's log, in time order (reviews of the same time in the order recorded).
  func reviews(of wordID: Word.ID) throws(WordServiceError) -> [Review]

  /// Appends a review to a word's log.
  func appendReview(_ review: Review, of wordID: Word.ID) throws(WordServiceError)

  /// Deletes the last review recorded in a word's log; `false` when it had none.
  func deleteLastReview(of wordID: Word.ID) throws(WordServiceError) -> Bool

  /// Calls `body` with each reviewed word and its log, in the order recorded (replaying puts it
  /// in time order), one word at a time: every word's, or with `onlyImported` only those with
  /// staged imported reviews.
  func forEachLog(
    onlyImported: Bool, _ body: (Word.ID, [Review]) throws(WordServiceError) -> Void
  ) throws(WordServiceError)

  // MARK: Memory states

  /// A word's stored memory, or `nil` when it was never reviewed.
  func memory(of wordID: Word.ID) throws(WordServiceError) -> WordMemory?

  /// Stores a word's memory; a new one may be stored as none, since a word without one is new.
  func setMemory(_ memory: WordMemory, of wordID: Word.ID) throws(WordServiceError)

  // MARK: Settings

  /// A setting's integer value, or `nil` when it is not set.
  func integerSetting(_ key: String) throws(WordServiceError) -> Int64?

  /// Sets a setting to an integer value.
  func setIntegerSetting(_ key: String, to value: Int64) throws(WordServiceError)

  /// The stored review settings, or ``ReviewSettings/standard`` when none were stored.
  func reviewSettings() throws(WordServiceError) -> ReviewSettings

  /// Stores the review settings, replacing those stored.
  func storeReviewSettings(_ settings: ReviewSettings) throws(WordServiceError)

  // MARK: Staged review imports

  /// Empties the reviews an import stages.
  func clearImportedReviews() throws(WordServiceError)

  /// Stages one imported review.
  func stageImportedReview(_ row: WordReview) throws(WordServiceError)

  /// A staged review's word that does not exist, if any.
  func unknownImportedWord() throws(WordServiceError) -> Word.ID?

  /// Appends the staged reviews to their words' logs, each word's in time order (then in the
  /// order staged).
  func appendImportedReviews() throws(WordServiceError)

  /// Sets the study state of the words with staged reviews to what each log's latest review
  /// says (``Review/studyState``), telling the change feeds of their books.
  func setImportedStudyStates() throws(WordServiceError)
}
