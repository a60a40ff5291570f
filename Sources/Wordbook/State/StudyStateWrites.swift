/// The study marks on their way to the ``WordService``.
///
/// One batch is in flight at a time; marks made meanwhile wait in the next batch, the newest
/// mark of a word replacing older ones. So the service always ends with the latest mark,
/// whatever order its answers come in, and a failed batch can put each word back to what the
/// service still holds.
struct StudyStateWrites: Hashable, Sendable, Codable {
  /// What the service holds for each word that has a mark in flight or queued.
  private(set) var confirmed: [Word.ID: StudyState] = [:]
  /// The batch the service is saving now.
  private(set) var inFlight: [StudyStateChange]?
  /// The marks to save once the batch in flight answers.
  private(set) var queued: [Word.ID: StudyState] = [:]

  /// Whether nothing is in flight or queued.
  var isEmpty: Bool { inFlight == nil && queued.isEmpty }

  /// The newest mark not yet saved for each word.
  var unsaved: [Word.ID: StudyState] {
    var latest = queued
    for change in inFlight ?? [] where latest[change.wordID] == nil {
      latest[change.wordID] = change.state
    }
    return latest
  }

  /// Records that a word went from `old` to `new`; returns the batch to send now, if any.
  mutating func record(wordID: Word.ID, from old: StudyState, to new: StudyState)
    -> [StudyStateChange]?
  {
    if confirmed[wordID] == nil { confirmed[wordID] = old }
    guard inFlight == nil else {
      queued[wordID] = new
      return nil
    }
    let batch = [StudyStateChange(wordID: wordID, state: new)]
    inFlight = batch
    return batch
  }

  /// Settles the batch in flight.
  ///
  /// - Parameter saved: Whether the service saved it.
  /// - Returns: The words to put back to what the service holds (after a failure), and the
  ///   next batch to send, if any.
  mutating func settle(saved: Bool) -> (reverts: [StudyStateChange], next: [StudyStateChange]?) {
    var reverts: [StudyStateChange] = []
    for change in inFlight ?? [] where queued[change.wordID] == nil {
      if let held = confirmed.removeValue(forKey: change.wordID), !saved {
        reverts.append(StudyStateChange(wordID: change.wordID, state: held))
      }
    }
    if saved {
      for change in inFlight ?? [] where queued[change.wordID] != nil {
        confirmed[change.wordID] = change.state
      }
    }
    guard !queued.isEmpty else {
      inFlight = nil
      return (reverts, nil)
    }
    let next = queued.map { StudyStateChange(wordID: $0.key, state: $0.value) }
      .sorted { $0.wordID < $1.wordID }
    queued = [:]
    inFlight = next
    return (reverts, next)
  }
}
