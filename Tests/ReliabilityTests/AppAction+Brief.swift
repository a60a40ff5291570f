import Wordbook

extension AppAction {
  /// A one-line description for failure reports: results show their outcome and size, not
  /// every word.
  var brief: String {
    func outcome<Value>(_ result: Result<Value, WordServiceError>, _ describe: (Value) -> String)
      -> String
    {
      switch result {
      case .success(let value): ".success(\(describe(value)))"
      case .failure(let error): ".failure(\(error.kind))"
      }
    }
    switch self {
    case .books(.bookCreated(let result)): return "bookCreated(\(outcome(result) { "\($0.id)" }))"
    case .books(.booksLoaded(let result)):
      return "booksLoaded(\(outcome(result) { $0.map(\.id.description).joined(separator: ",") }))"
    case .study(.studyStatesSaved(let result)):
      return
        "studyStatesSaved(\(outcome(result) { $0.map { "\($0.wordID):\($0.state)" }.joined(separator: ",") }))"
    case .study(.wordDeleted(let wordID, let result)):
      return "wordDeleted(\(wordID), \(outcome(result) { _ in "" }))"
    case .study(.wordSaved(let bookID, let result)):
      return "wordSaved(\(bookID), \(outcome(result) { "\($0.id)" }))"
    case .study(.wordsLoaded(let bookID, let result)):
      return
        "wordsLoaded(\(bookID), \(outcome(result) { $0.map { "\($0.id):\($0.studyState)" }.joined(separator: ",") }))"
    default:
      return String(describing: self)
    }
  }
}
