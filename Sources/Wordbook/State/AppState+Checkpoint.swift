extension AppState {
  /// A short text summary of the state for action-log checkpoints: enough to tell that a
  /// replay diverged, with a digest of the study order instead of a million words.
  ///
  /// Pass it as the store's `checkpoint` when recording, and to the replay that checks it.
  public var checkpointSummary: String {
    var digest: UInt64 = 0xCBF2_9CE4_8422_2325
    let visible = visibleWords
    for position in visible.indices {
      digest = (digest ^ UInt64(bitPattern: visible.id(at: position).rawValue)) &* 0x100_0000_01B3
      digest = (digest ^ UInt64(visible.studyState(at: position).rawValue)) &* 0x100_0000_01B3
    }
    let tally = tally
    return [
      "books: \(list.books.count) \(list.booksStatus)",
      "selected: \(session.bookID.map(String.init(describing:)) ?? "none")",
      "words: \(session.words.count) \(session.wordsStatus)",
      "mode: \(session.words.mode.rawValue)",
      "tally: success \(tally.success), fail \(tally.fail), not studied \(tally.notStudied)",
      "visible: \(visible.count), digest \(String(digest, radix: 16))",
      "back faces: \(session.backFaces.count)",
      "saving: \(session.isSavingWord)",
      "error: \(lastError.map(\.message) ?? "none")",
      "generator: \(session.generator.state)",
    ].joined(separator: "\n")
  }
}
