import Wordbook

/// What an Anki package imports: the words, with their pictures already stored in a
/// ``MediaFolder``, the notes rejected, and what became of the media.
public struct AnkiImportPlan: Hashable, Sendable {
  /// The member the notes were read from, such as `collection.anki21`.
  public var collection: String
  /// One draft per accepted note, in the order the notes were added; a note with a picture has
  /// its file's name in the media folder as `imageReference`.
  public var drafts: [WordDraft]
  /// The Anki ID of each draft's note (`notes.id`), in the order of ``drafts``: what the
  /// package's review log names a note by.
  public var noteIDs: [Int64]
  /// The notes that cannot be cards.
  public var problems: [AnkiNoteProblem]
  /// What became of the media.
  public var media: AnkiMediaSummary

  /// Creates a plan.
  ///
  /// - Parameters:
  ///   - collection: The member the notes were read from.
  ///   - drafts: One draft per accepted note.
  ///   - noteIDs: The Anki ID of each draft's note, in the same order.
  ///   - problems: The notes that cannot be cards.
  ///   - media: What became of the media.
  public init(
    collection: String, drafts: [WordDraft], noteIDs: [Int64], problems: [AnkiNoteProblem],
    media: AnkiMediaSummary
  ) {
    precondition(noteIDs.count == drafts.count, "one note ID per draft")
    self.collection = collection
    self.drafts = drafts
    self.noteIDs = noteIDs
    self.problems = problems
    self.media = media
  }
}
