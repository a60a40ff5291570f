import StoreCore

extension AppState: PartTrackingState {
  /// A part of the state that a front end can observe on its own, through
  /// `Store.observe(_:_:)` or, for SwiftUI, `Store.read(_:body:)`.
  ///
  /// ```swift
  /// store.observe([.tally, .card(word.id)]) { redraw(word.id) }
  /// ```
  ///
  /// A mark changes its word's ``card(_:)`` and the ``tally``, and no other part unless undo
  /// or redo become possible (``marks``); loading or selecting a book changes everything.
  public enum Part: Hashable, Sendable {
    /// ``AppState/picker``: the books, their loading status and the selection.
    case picker
    /// The study mode: the ``WordList/mode`` of the session's ``StudySessionFeature/State/words``.
    case studyMode
    /// The search: the ``WordList/searchQuery`` of the session's words.
    case search
    /// ``StudySessionFeature/State/isReversed``.
    case reversed
    /// ``AppState/tally``.
    case tally
    /// Which words ``AppState/visibleWords`` holds and in what order, and
    /// ``StudySessionFeature/State/wordsStatus``.
    case visibleWords
    /// One word: its term, meaning and study state, and its card's ``AppState/face(of:)``.
    case card(Word.ID)
    /// ``AppState/canUndo``, ``AppState/canRedo``, ``AppState/hasUnsavedMarks`` and how many
    /// ``StudySessionFeature/State/unsavedMarks`` there are.
    case marks
    /// The word editor: ``StudySessionFeature/State/isSavingWord`` and
    /// ``StudySessionFeature/State/wordDraft``.
    case editor
    /// ``AppState/lastError``.
    case error
    /// What Due mode says of ``StudySessionFeature/State/schedule``: its status, time, due count, next due
    /// time and new words left.
    case schedule
    /// ``StudySessionFeature/State/round``: its current card, what is left, and what was known and missed.
    case round
  }

  /// How the store learns that a part changed: the values its observers read, compared before
  /// and after every action.
  enum Observation: Sendable {
    /// `part` changed when the value `read` returns did.
    case value(Part, @Sendable (AppState) -> any Equatable)
    /// A word's ``Part/card(_:)`` changed when the word joined or left the set `read` returns.
    case cards(@Sendable (AppState) -> Set<Word.ID>)

    /// `part` changed when the value at `keyPath` did.
    static func value<Value: Equatable & Sendable>(
      _ part: Part, _ keyPath: KeyPath<AppState, Value> & Sendable
    ) -> Self {
      .value(part) { $0[keyPath: keyPath] }
    }
  }

  /// Every value an observer reads, each declared once with the part it belongs to: the
  /// whole list state for the picker, and the session's values one by one, since its words
  /// (which report their own changes, see ``WordList``) are too big to compare.
  /// `AppStatePartsTests` checks that each stored field of the state is declared here or
  /// reported by the words, so a new field is observed or the tests fail.
  static let observations: [Observation] = [
    .cards { $0.session.backFaces },
    .value(.picker, \.list),
    .value(.studyMode, \.session.words.mode),
    .value(.search, \.session.words.searchQuery),
    .value(.reversed, \.session.isReversed),
    .value(.tally, \.tally),
    .value(.visibleWords, \.session.wordsStatus),
    .value(.marks, \.canUndo),
    .value(.marks, \.canRedo),
    .value(.marks, \.hasUnsavedMarks),
    .value(.marks, \.session.unsavedMarks.count),
    .value(.editor, \.session.isSavingWord),
    .value(.editor, \.session.wordDraft),
    .value(.error, \.lastError),
    .value(.schedule, \.session.schedule.status),
    .value(.schedule, \.session.schedule.time),
    .value(.schedule, \.session.schedule.dueCount),
    .value(.schedule, \.session.schedule.nextDue),
    .value(.schedule, \.session.schedule.newWordsLeft),
    .value(.round, \.session.round),
  ]

  /// The values of ``observations`` before an action, and the word list's identity: a new
  /// list (a book loaded, selected or left) changed every part.
  struct ComparedParts {
    var wordList: WordList.Identity
    var values: [any Equatable]
  }

  /// The values of ``observations`` now.
  var comparedParts: ComparedParts {
    ComparedParts(
      wordList: session.words.identity,
      values: Self.observations.map { observation in
        switch observation {
        case .value(_, let read): read(self)
        case .cards(let read): read(self)
        }
      })
  }

  /// Records the parts that changed since `before`: every part when the word list was
  /// replaced, else the observed values that differ, the cards whose face turned, and what
  /// the word list says its mutations touched.
  mutating func recordChanges(since before: ComparedParts) {
    let listChanges = session.words.takeChanges()
    if listChanges.includesEveryWord || session.words.identity != before.wordList {
      changedParts.insertEverything()
    }
    for wordID in listChanges.words { changedParts.insert(.card(wordID)) }
    if listChanges.visibleWords { changedParts.insert(.visibleWords) }
    guard !changedParts.includesEverything else { return }
    for (observation, old) in zip(Self.observations, before.values) {
      switch observation {
      case .value(let part, let read):
        if !old.isEqual(read(self)) { changedParts.insert(part) }
      case .cards(let read):
        let faces = read(self)
        guard let old = old as? Set<Word.ID>, old != faces else { continue }
        for wordID in faces.symmetricDifference(old) { changedParts.insert(.card(wordID)) }
      }
    }
  }
}

extension Equatable {
  /// Whether `other` is a value of this type equal to this one.
  fileprivate func isEqual(_ other: any Equatable) -> Bool {
    (other as? Self) == self
  }
}
