/// An error to show the user: what went wrong, with the values a message names.
///
/// Front ends word it in their user's language with ``message(in:for:)``; ``message`` is the
/// English sentence that logs and checkpoints record.
public enum AppError: Error, Hashable, Sendable, Codable, CustomStringConvertible {
  /// A save was asked for while another save is in flight.
  case alreadySaving
  /// A wordbook title was blank.
  case blankTitle
  /// A word's term was blank.
  case blankTerm
  /// A word was to be saved, but no wordbook is selected.
  case noBookSelected
  /// There is no mark to redo.
  case nothingToRedo
  /// There is no mark to undo.
  case nothingToUndo
  /// A card was rated after its round ended: a rating on the last card ends the round.
  case roundIsOver
  /// The service failed.
  case service(WordServiceError)
  /// No wordbook in the list has this ID.
  case unknownBook(WordBook.ID)
  /// No word of the selected book has this ID.
  case unknownWord(Word.ID)

  /// The error in an English sentence that says what went wrong and what to do, as logs
  /// record it: ``message(in:for:)`` in English, for the owner.
  public var message: String { message(in: .english) }

  /// The message.
  public var description: String { message }
}
