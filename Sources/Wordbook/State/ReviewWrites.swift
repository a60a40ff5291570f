/// The reviews on their way to the service, one at a time and in the order they were made, so
/// that undoing a rating removes the review it recorded and never one before it.
struct ReviewWrites: Hashable, Sendable, Codable {
  /// One change of a word's review log.
  enum Write: Hashable, Sendable, Codable {
    /// Append a review, as a rating or a redo of one does.
    case record(Word.ID, Review)
    /// Remove the last review, as undoing a rating does.
    case remove(Word.ID)

    var wordID: Word.ID {
      switch self {
      case .record(let wordID, _), .remove(let wordID): wordID
      }
    }
  }

  /// The write the service is answering.
  private(set) var inFlight: Write?
  /// The writes waiting for it, oldest first.
  private(set) var queued: [Write] = []

  /// How many writes are in flight or waiting.
  var count: Int { queued.count + (inFlight == nil ? 0 : 1) }

  /// The words whose writes are in flight or waiting.
  var wordIDs: [Word.ID] { (inFlight.map { [$0] } ?? []).map(\.wordID) + queued.map(\.wordID) }

  /// Queues `write`; returns it when it is to be sent now, nothing else being in flight.
  mutating func enqueue(_ write: Write) -> Write? {
    guard inFlight == nil else {
      queued.append(write)
      return nil
    }
    inFlight = write
    return write
  }

  /// Settles the write in flight; returns the next one to send, if any.
  mutating func settle() -> Write? {
    inFlight = queued.isEmpty ? nil : queued.removeFirst()
    return inFlight
  }

  /// Drops the queued writes of a word that left the book.
  mutating func forget(_ wordID: Word.ID) {
    queued.removeAll { $0.wordID == wordID }
  }
}
