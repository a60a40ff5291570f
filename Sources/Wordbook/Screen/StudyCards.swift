import StoreCore

/// Where a learner is in the cards of a study screen, and the screen's rules, which every front
/// end runs: the cursor follows the round's current card (``StudyRound/current``) as ratings
/// move it on, pages, a rating only of the card shown and never of an ended round, and quitting
/// only once the marks are saved.
///
/// A front end keeps one of these beside the app's state and gives it the learner's commands
/// (``apply(_:to:at:)``); the app's actions it returns go to the store. It holds no study logic
/// of its own (which words show, how marks count): that is `AppReducer`'s.
///
/// ```swift
/// var cards = StudyCards()
/// let outcome = cards.apply(.rate(.good), to: store.state, at: .now)
/// for action in outcome.actions { store.send(action) }
/// ```
public struct StudyCards: Hashable, Sendable {
  /// A sentence the screen shows until the next command: what undo or redo did, which a
  /// learner would otherwise have to guess from the list.
  public enum Notice: Hashable, Sendable {
    /// Undo gave this word back the state in the change.
    case undid(StudyStateChange)
    /// Redo gave this word again the state in the change.
    case redid(StudyStateChange)
    /// Undo found no mark to undo.
    case nothingToUndo
    /// Redo found no mark to redo.
    case nothingToRedo
  }

  /// What a command asks the front end to open, for it alone draws it.
  public enum Request: Hashable, Sendable {
    /// An editor of this word.
    case editWord(Word.ID)
    /// The question whether to delete this word.
    case deleteWord(Word.ID)
    /// A field to type a search in.
    case search
    /// A form for a new word.
    case addWord
    /// The wordbook picker.
    case chooseBook
    /// The keys.
    case help
  }

  /// What a command did: the app's actions to send, in order, and what to open.
  public struct Outcome: Equatable, Sendable {
    /// The actions to send to the store, in order.
    public var actions: [AppAction]
    /// What the front end is asked to open, if anything.
    public var request: Request?

    /// Creates an outcome.
    public init(actions: [AppAction] = [], request: Request? = nil) {
      self.actions = actions
      self.request = request
    }
  }

  /// The position of the current card among the visible words.
  public var cursor: Int
  /// How many cards ``Command/nextPage`` and ``Command/previousPage`` move: the
  /// front end sets it to the cards it shows at once.
  public var pageSize = 10
  /// The origin of the IDs of the ratings this screen gives (``ReviewID/origin``): random for
  /// each screen, so that two screens' ratings never share an ID.
  public var ratingOrigin: UInt64
  /// How many ratings this screen has given: the sequence of the next one's ID.
  public var ratingsGiven: UInt64 = 0
  /// The round's current card the cursor last followed, and where it was.
  @Bookkeeping var followed = FollowedCard()

  /// The round's current card as the cursor last followed it, and the ratings it had taken.
  struct FollowedCard: Equatable, Sendable {
    var card: Word.ID?
    var position: Int?
    var answerCount = 0
  }
  /// Whether the learner asked to quit while marks were not yet saved: the screen waits for
  /// them, or asks whether to try again.
  public var isQuitting = false
  /// Whether the learner quit: the session ends.
  public var hasQuit = false
  /// How many marks were not saved when the learner quit.
  public var marksLeftUnsaved = 0
  /// The sentence shown until the next command, if any.
  public var notice: Notice?
  /// What the learner chose for the screen: a front end keeps it between sessions.
  public var preferences = StudyPreferences()
  /// The last side of a card the screen asked to say, if any: a front end says it each time
  /// its number grows.
  public var speech: SpeechRequest?
  /// The typed answer checked against the current card (``Command/checkTypedAnswer(_:)``),
  /// until the screen shows another card.
  public var checkedAnswer: CheckedAnswer?

  /// Creates the place of a screen that has just opened.
  ///
  /// - Parameters:
  ///   - cursor: The position of the current card.
  ///   - ratingOrigin: The origin of the IDs of the ratings the screen gives; a random one
  ///     unless a test fixes it.
  public init(cursor: Int = 0, ratingOrigin: UInt64 = ReviewID.randomOrigin()) {
    self.cursor = cursor
    self.ratingOrigin = ratingOrigin
  }

  /// Whether the round's last card has been rated: a front end shows its summary.
  public func isRoundOver(_ app: AppState) -> Bool {
    app.session.round.isOver
  }

  /// The position of the first card of the page of ``pageSize`` cards that holds the current
  /// card: where a front end's list starts.
  public func pageStart(in app: AppState) -> Int {
    let position = position(in: app)
    return position - position % max(pageSize, 1)
  }

  /// Whether the session is over: the learner quit, or asked to quit and every mark has
  /// reached the service since.
  public func isFinished(_ app: AppState) -> Bool {
    hasQuit || (isQuitting && app.marksNotYetSaved == 0 && !app.session.isSavingWord)
  }

  /// The current card's position in `app`'s visible words: the cursor, kept among them.
  public func position(in app: AppState) -> Int {
    min(max(cursor, 0), max(app.visibleWords.count - 1, 0))
  }

  /// Follows the app after any action, a command's or the service's: the cursor goes to the
  /// round's current card whenever that changes (a rating moved the round on, a new round
  /// started, undo brought a card back), a book opened, created or deleted (here or elsewhere)
  /// starts from its first card, and the cursor stays among the visible cards as they change.
  ///
  /// A front end calls it after every action its store handles, as ``StudyScreenFeature``
  /// does.
  ///
  /// - Parameters:
  ///   - app: The app's state after the action.
  ///   - bookBefore: The book that was open before the action.
  public mutating func follow(_ app: AppState, bookBefore: WordBook.ID?) {
    if app.session.bookID != bookBefore { cursor = 0 }
    let round = app.session.round
    let now = FollowedCard(
      card: round.current, position: round.currentPosition, answerCount: round.answerCount)
    if now != followed {
      if let position = round.currentPosition { cursor = position }
      let isNewCard = now.card != followed.card || now.answerCount != followed.answerCount
      followed = now
      checkedAnswer = nil
      if isNewCard, preferences.saysNewCards, let card = now.card,
        let word = app.session.words[card]
      {
        // The front, never the answer a typed answer asks for.
        if app.session.isReversed {
          say(word.meaning, side: .meaning)
        } else {
          say(word.term, side: .term)
        }
      }
    }
    cursor = position(in: app)
    if let checked = checkedAnswer, currentCard(in: app) != checked.wordID { checkedAnswer = nil }
  }

  /// The word of the current card, or `nil` when no card shows.
  public func currentCard(in app: AppState) -> Word.ID? {
    let visible = app.visibleWords
    return visible.isEmpty ? nil : visible.id(at: position(in: app))
  }

  /// Applies the learner's `command` to the screen.
  ///
  /// - Parameters:
  ///   - command: What the learner asked for.
  ///   - app: The app's state, which the command reads (the current card, the marks).
  ///   - time: When the learner asked, the time of a rating.
  /// - Returns: The app's actions to send, and what the front end is asked to open.
  public mutating func apply(_ command: Command, to app: AppState, at time: Timestamp)
    -> Outcome
  {
    notice = nil
    let visible = app.visibleWords
    let last = max(visible.count - 1, 0)
    cursor = min(max(cursor, 0), last)
    let current = visible.isEmpty ? nil : visible.id(at: cursor)
    switch command {
    case .flip:
      if let checkedAnswer, checkedAnswer.wordID == current {
        return apply(.rate(checkedAnswer.result.proposal), to: app, at: time)
      }
      return Outcome(actions: current.map { [.study(.view(.flip($0)))] } ?? [])
    case .toggleTyping:
      guard let book = app.session.bookID else { break }
      checkedAnswer = nil
      if preferences.typingBooks.remove(book) == nil { preferences.typingBooks.insert(book) }
    case .checkTypedAnswer(let typed):
      return check(typed, current: current, in: app)
    case .say:
      guard let current, let word = app.session.words[current] else { break }
      let showsTerm = (app.face(of: current) == .front) != app.session.isReversed
      say(showsTerm ? word.term : word.meaning, side: showsTerm ? .term : .meaning)
    case .toggleSayingNewCards:
      preferences.saysNewCards.toggle()
    case .rate(let rating):
      guard let current, !app.session.round.isOver else { return Outcome() }
      return Outcome(actions: [.study(.view(.rate(current, rating, at: time, id: nextRatingID())))])
    case .rateShown(let shown, let rating, let id):
      guard current == shown, let current, !app.session.round.isOver else { return Outcome() }
      return Outcome(
        actions: [.study(.view(.rate(current, rating, at: time, id: id ?? nextRatingID())))])
    case .restudyMissed:
      guard !app.session.round.missed.isEmpty else { break }
      return Outcome(actions: [.study(.view(.restudyMissed))])
    case .restudyRound:
      return Outcome(actions: [.study(.view(.restudyRound))])
    case .resetMark:
      return Outcome(actions: current.map { [.study(.view(.resetMark($0)))] } ?? [])
    case .next: cursor = min(cursor + 1, last)
    case .previous: cursor = max(cursor - 1, 0)
    case .nextPage: cursor = min(cursor + max(pageSize, 1), last)
    case .previousPage: cursor = max(cursor - max(pageSize, 1), 0)
    case .first: cursor = 0
    case .last: cursor = last
    case .moveTo(let position): cursor = min(max(position, 0), last)
    case .edit:
      return Outcome(request: current.map { .editWord($0) })
    case .delete:
      return Outcome(request: current.map { .deleteWord($0) })
    case .search:
      return Outcome(request: .search)
    case .setSearchQuery(let query):
      cursor = 0
      return Outcome(actions: [.study(.view(.setSearchQuery(query)))])
    case .clearSearch:
      guard app.session.words.searchQuery != nil else { break }
      cursor = 0
      return Outcome(actions: [.study(.view(.setSearchQuery(nil)))])
    case .toggleReverse:
      return Outcome(actions: [.study(.view(.toggleReverse))])
    case .undo:
      guard let change = app.nextUndo else {
        notice = .nothingToUndo
        break
      }
      return step(.study(.view(.undo)), change, notice: .undid(change), in: app)
    case .redo:
      guard let change = app.nextRedo else {
        notice = .nothingToRedo
        break
      }
      return step(.study(.view(.redo)), change, notice: .redid(change), in: app)
    case .shuffle:
      cursor = 0
      return Outcome(actions: [.study(.view(.shuffle))])
    case .toggleStudyMode:
      cursor = 0
      return Outcome(actions: [.study(.view(.toggleStudyMode))])
    case .setStudyMode(let mode):
      cursor = 0
      return Outcome(actions: [.study(.view(.setStudyMode(mode)))])
    case .chooseBook:
      return Outcome(
        actions: [.books(.view(.loadBooks)), .books(.view(.loadRoundCounts))],
        request: .chooseBook)
    case .openBook(let id):
      cursor = 0
      return Outcome(actions: [.books(.view(.selectBook(id)))])
    case .createBook(let title):
      cursor = 0
      return Outcome(actions: [.books(.view(.createBook(title: title)))])
    case .addWord:
      return Outcome(request: .addWord)
    case .help:
      return Outcome(request: .help)
    case .quit:
      quit(app)
    case .retryUnsavedMarks:
      guard !app.session.unsavedMarks.isEmpty else { break }
      return Outcome(actions: [.study(.view(.retryUnsavedMarks))])
    case .cancelQuit:
      isQuitting = false
    }
    return Outcome()
  }

  /// Asks the front end to say `text`, on `side`.
  private mutating func say(_ text: String, side: SpeechRequest.Side) {
    speech = SpeechRequest(text: text, side: side, number: (speech?.number ?? 0) + 1)
  }

  /// The ID of the next rating this screen gives.
  private mutating func nextRatingID() -> ReviewID {
    defer { ratingsGiven += 1 }
    return ReviewID(origin: ratingOrigin, sequence: ratingsGiven)
  }

  /// Undo or redo, saying which card it changed and moving to it when it shows: the step
  /// may be about a card far from the cursor (after a deletion, an older card's).
  private mutating func step(
    _ action: AppAction, _ change: StudyStateChange, notice: Notice, in app: AppState
  ) -> Outcome {
    self.notice = notice
    if let position = app.visibleWords.firstIndex(of: change.wordID) { cursor = position }
    return Outcome(actions: [action])
  }

  /// Quits at once when every mark is saved, else waits for the marks being saved; while
  /// waiting, quits once the service has answered for every mark.
  private mutating func quit(_ app: AppState) {
    if isQuitting {
      guard !app.hasUnsavedMarks else { return }
    } else if app.marksNotYetSaved > 0 {
      isQuitting = true
      return
    }
    hasQuit = true
    marksLeftUnsaved = app.marksNotYetSaved
  }
}
