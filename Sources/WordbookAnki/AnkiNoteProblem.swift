import Wordbook
import WordbookInterchange

/// A note of an Anki collection that was rejected, with its 1-based position and why;
/// ``message(in:file:)`` words it.
public struct AnkiNoteProblem: Error, Hashable, Sendable {
  /// The note's 1-based position in the collection, in the order the notes were added.
  public var note: Int
  /// Why the note was rejected.
  public var reason: LineProblem.Reason

  /// Creates a problem.
  public init(note: Int, reason: LineProblem.Reason) {
    self.note = note
    self.reason = reason
  }

  /// The problem in `language`, naming the package, the note and why it was rejected, without
  /// a full stop; the package's name unescaped.
  ///
  /// ```swift
  /// problem.message(in: .english, file: "deck.apkg")  // "deck.apkg, note 3: the term is empty"
  /// ```
  ///
  /// - Parameters:
  ///   - language: The language of the sentence.
  ///   - file: The name of the package read, as the user gave it.
  /// - Returns: The sentence; a front end escapes it for its medium.
  public func message(in language: Language, file: String) -> String {
    language.ankiCatalogue.sentence(self, file: file)
  }
}
