extension WordList {
  /// The ID, term, meaning and image of a word, as a list keeps them.
  struct Entry: Hashable, Sendable {
    var id: Word.ID
    var term: String
    var meaning: String
    var imageReference: String?

    init(_ word: Word) {
      id = word.id
      term = word.term
      meaning = word.meaning
      imageReference = word.imageReference
    }
  }
}
