/// The study marks and ratings on their way to the ``WordService``, in the order they were made.
///
/// One write is in flight at a time, so the service applies them in order and always ends with
/// the latest state of each word. Marks made while a write is in flight wait in one batch, the
/// newest mark of a word replacing older ones; a rating (its mark and its review, one call) and
/// the undoing of one keep their places between batches. What the service holds for each word
/// with a write on its way is kept, so a failed write can put each word back.
struct StudyWrites: Hashable, Sendable {
  /// One call to the service.
  enum Write: Hashable, Sendable, Codable {
    /// Set the study states of several words (``WordService/updateStudyStates(_:)``), sorted by
    /// word ID.
    case marks([StudyStateChange])
    /// Record a rating: its review and the mark it gives (``WordService/recordReview(_:of:)``).
    case rating(Word.ID, Review)
    /// Undo a rating: remove the word's last review and give it back the state it had
    /// (``WordService/removeLastReview(of:restoring:)``).
    case undoRating(Word.ID, restoring: StudyState)

    /// The study states the write gives its words.
    var changes: [StudyStateChange] {
      switch self {
      case .marks(let changes): changes
      case .rating(let wordID, let review):
        [StudyStateChange(wordID: wordID, state: review.studyState)]
      case .undoRating(let wordID, let state): [StudyStateChange(wordID: wordID, state: state)]
      }
    }

    /// Whether the write is about `wordID`.
    func touches(_ wordID: Word.ID) -> Bool {
      switch self {
      case .marks(let changes): changes.contains { $0.wordID == wordID }
      case .rating(let id, _), .undoRating(let id, _): id == wordID
      }
    }
  }

  /// What the service holds for each word that has a write in flight or queued.
  private(set) var confirmed: [Word.ID: StudyState] = [:]
  /// The write the service is answering.
  private(set) var inFlight: Write?
  /// The writes waiting for it, oldest first; marks made in a row are one batch.
  private(set) var queued: [Write] = []

  /// Whether nothing is in flight or queued.
  var isEmpty: Bool { inFlight == nil }

  /// Whether a rating, or the undoing of one, is in flight or queued: the schedule read
  /// meanwhile would miss it.
  var hasReviewWrites: Bool {
    ([inFlight].compactMap { $0 } + queued).contains { write in
      if case .marks = write { false } else { true }
    }
  }

  /// The newest state on its way to the service for each word.
  var unsaved: [Word.ID: StudyState] {
    var latest: [Word.ID: StudyState] = [:]
    for write in [inFlight].compactMap({ $0 }) + queued {
      for change in write.changes { latest[change.wordID] = change.state }
    }
    return latest
  }

  /// Whether a write of `wordID` is in flight or queued.
  func hasWrite(of wordID: Word.ID) -> Bool {
    confirmed[wordID] != nil
  }

  /// Records a write about words whose states were `old` before it; returns it when it is to
  /// be sent now, nothing else being in flight.
  mutating func record(_ write: Write, old: [StudyStateChange]) -> Write? {
    for change in old where confirmed[change.wordID] == nil {
      confirmed[change.wordID] = change.state
    }
    guard inFlight != nil else {
      inFlight = write
      return write
    }
    if case .marks(let new) = write, case .marks(let batch)? = queued.last {
      var merged = Dictionary(batch.map { ($0.wordID, $0.state) }, uniquingKeysWith: { $1 })
      for change in new { merged[change.wordID] = change.state }
      queued[queued.count - 1] = .marks(
        merged.map { StudyStateChange(wordID: $0.key, state: $0.value) }
          .sorted { $0.wordID < $1.wordID })
    } else {
      queued.append(write)
    }
    return nil
  }

  /// Drops the queued writes of a deleted word, so that the next batch doesn't fail on it and
  /// take the other words' marks down with it.
  mutating func forget(_ wordID: Word.ID) {
    queued = queued.compactMap { write in
      guard case .marks(let changes) = write else { return write.touches(wordID) ? nil : write }
      let kept = changes.filter { $0.wordID != wordID }
      return kept.isEmpty ? nil : .marks(kept)
    }
    if inFlight?.touches(wordID) != true { confirmed[wordID] = nil }
  }

  /// Settles the write in flight.
  ///
  /// - Parameter saved: Whether the service saved it.
  /// - Returns: The write that was in flight, the words to put back to what the service holds
  ///   (after a failure, for the words no later write sets), and the next write to send.
  mutating func settle(saved: Bool)
    -> (attempted: Write?, reverts: [StudyStateChange], next: Write?)
  {
    let attempted = inFlight
    var reverts: [StudyStateChange] = []
    for change in attempted?.changes ?? [] {
      if queued.contains(where: { $0.touches(change.wordID) }) {
        if saved { confirmed[change.wordID] = change.state }
      } else if let held = confirmed.removeValue(forKey: change.wordID), !saved {
        reverts.append(StudyStateChange(wordID: change.wordID, state: held))
      }
    }
    inFlight = queued.isEmpty ? nil : queued.removeFirst()
    return (attempted, reverts, inFlight)
  }
}

extension StudyWrites: Codable {
  private enum CodingKeys: String, CodingKey {
    case confirmed, inFlight, queued
  }

  /// Decodes the writes; a state written before ratings were one write holds a batch in flight
  /// and a dictionary of queued marks, and its reviews on their way separately, which
  /// ``ServiceSync`` appends.
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    confirmed = try container.decode([Word.ID: StudyState].self, forKey: .confirmed)
    if let write = try? container.decodeIfPresent(Write.self, forKey: .inFlight) {
      inFlight = write
      queued = try container.decode([Write].self, forKey: .queued)
      return
    }
    let batch = try container.decodeIfPresent([StudyStateChange].self, forKey: .inFlight)
    let marks = try container.decode([Word.ID: StudyState].self, forKey: .queued)
    inFlight = batch.map { .marks($0) }
    if !marks.isEmpty {
      queued = [
        .marks(
          marks.map { StudyStateChange(wordID: $0.key, state: $0.value) }
            .sorted { $0.wordID < $1.wordID })
      ]
    }
  }

  /// Encodes the writes.
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(confirmed, forKey: .confirmed)
    try container.encodeIfPresent(inFlight, forKey: .inFlight)
    try container.encode(queued, forKey: .queued)
  }
}
