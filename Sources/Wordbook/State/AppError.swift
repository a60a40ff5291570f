/// An error to show the user: what went wrong, with the values a message names.
///
/// Front ends word it in their user's language; ``message`` is the English sentence that logs
/// and checkpoints record.
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
  /// The service failed.
  case service(WordServiceError)
  /// No wordbook in the list has this ID.
  case unknownBook(WordBook.ID)
  /// No word of the selected book has this ID.
  case unknownWord(Word.ID)

  /// A sentence in English that says what went wrong and what to do, as logs record it.
  public var message: String {
    switch self {
    case .alreadySaving: "A word is being saved. Wait for it to finish, then try again."
    case .blankTitle: "A wordbook needs a title. Type one and try again."
    case .blankTerm: "A word needs a term. Type one and try again."
    case .noBookSelected: "Choose a wordbook first, then save the word."
    case .nothingToRedo: "There is nothing to redo."
    case .nothingToUndo: "There is nothing to undo."
    case .service(let error): error.message
    case .unknownBook(let id): "No wordbook has ID \(id). Choose one from the list."
    case .unknownWord(let id): "No word has ID \(id) in this wordbook."
    }
  }

  /// The message.
  public var description: String { message }
}
