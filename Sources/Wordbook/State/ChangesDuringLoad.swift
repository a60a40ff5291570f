/// What the service acknowledged while the selected book's words were loading.
///
/// The load may have read the database before or after these changes; applying them again to
/// the loaded words gives the service's state either way, so a late answer never shows an old
/// mark, a deleted word or a list without a word just saved.
struct ChangesDuringLoad: Hashable, Sendable, Codable {
  private(set) var marks: [Word.ID: StudyState] = [:]
  private(set) var savedWords: [Word] = []
  private(set) var deletedWordIDs: Set<Word.ID> = []
  /// The words whose term and meaning were edited, as the service answered; only their text
  /// applies, since their marks may be newer in the store.
  private(set) var editedWords: [Word.ID: Word] = [:]

  mutating func recordMarks(_ changes: [StudyStateChange]) {
    for change in changes { marks[change.wordID] = change.state }
  }

  mutating func recordSaved(_ word: Word) {
    // The session's own save and the service's report of it may both arrive during a load.
    guard !savedWords.contains(where: { $0.id == word.id }) else { return }
    savedWords.append(word)
  }

  mutating func recordEdited(_ word: Word) {
    editedWords[word.id] = word
  }

  mutating func recordDeleted(_ wordID: Word.ID) {
    deletedWordIDs.insert(wordID)
    editedWords[wordID] = nil
    marks[wordID] = nil
    savedWords.removeAll { $0.id == wordID }
  }

  /// Applies the changes to freshly loaded words; in the usual case, with no change, returns
  /// them as they are without a pass over them.
  func apply(to loaded: [Word]) -> [Word] {
    guard self != ChangesDuringLoad() else { return loaded }
    var words = loaded.filter { !deletedWordIDs.contains($0.id) }
    let loadedIDs = Set(words.map(\.id))
    words += savedWords.filter { !loadedIDs.contains($0.id) }
    for index in words.indices {
      if let mark = marks[words[index].id] { words[index].studyState = mark }
      if let edited = editedWords[words[index].id] {
        words[index].term = edited.term
        words[index].meaning = edited.meaning
      }
    }
    return words
  }
}
