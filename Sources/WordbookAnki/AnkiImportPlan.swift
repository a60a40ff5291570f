import Wordbook

/// What an Anki package imports: the words, with their pictures already stored in a
/// ``MediaFolder``, the notes rejected, and what became of the media.
public struct AnkiImportPlan: Hashable, Sendable {
  /// The member the notes were read from, such as `collection.anki21`.
  public var collection: String
  /// One draft per accepted note, in the order the notes were added; a note with a picture has
  /// its file's name in the media folder as `imageReference`.
  public var drafts: [WordDraft]
  /// The notes that cannot be cards.
  public var problems: [AnkiNoteProblem]
  /// What became of the media.
  public var media: AnkiMediaSummary

  /// Creates a plan.
  public init(
    collection: String, drafts: [WordDraft], problems: [AnkiNoteProblem], media: AnkiMediaSummary
  ) {
    self.collection = collection
    self.drafts = drafts
    self.problems = problems
    self.media = media
  }
}
