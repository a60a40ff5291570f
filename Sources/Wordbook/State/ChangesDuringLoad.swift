/// What the service acknowledged while the selected book's words were loading.
///
/// The load may have read the database before or after these changes; applying them again to
/// the loaded words gives the service's state either way, so a late answer never shows an old
/// mark, a deleted word or a list without a word just saved.
struct ChangesDuringLoad: Hashable, Sendable, Codable {
  private(set) var marks: [Word.ID: StudyState] = [:]
  private(set) var savedWords: [Word] = []

  mutating func recordMarks(_ changes: [StudyStateChange]) {
    for change in changes { marks[change.wordID] = change.state }
  }

  mutating func recordSaved(_ word: Word) {
    savedWords.append(word)
  }

  /// Applies the changes to freshly loaded words, leaving out the words deleted since.
  func apply(to loaded: [Word], deleted: Set<Word.ID>) -> [Word] {
    guard self != ChangesDuringLoad() || !deleted.isEmpty else { return loaded }
    var words = loaded.filter { !deleted.contains($0.id) }
    let loadedIDs = Set(words.map(\.id))
    words += savedWords.filter { !loadedIDs.contains($0.id) && !deleted.contains($0.id) }
    for index in words.indices {
      if let mark = marks[words[index].id] { words[index].studyState = mark }
    }
    return words
  }
}
