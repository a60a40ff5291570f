import Wordbook

/// The JSON the page receives, in events and in answers to its requests.
enum WebEvents {
  /// The wordbook picker.
  struct Picker: Encodable {
    struct Book: Encodable {
      var id: Int64
      var title: String
      var wordCount: Int
      /// What a Due round of the book would hold now, when the service has counted it.
      var counts: Counts?
    }

    /// `loading`, `failed`, `empty`, `choose` or `chosen`.
    var state: String
    var message: String?
    var books: [Book]
    var selected: Int64?

    init(_ state: AppState, language: Language) {
      switch state.picker {
      case .loading: self.state = "loading"
      case .failed(let error):
        self.state = "failed"
        self.message = error.message(in: language, for: .visitor)
      case .empty: self.state = "empty"
      case .chooseOne: self.state = "choose"
      case .chosen: self.state = "chosen"
      }
      books = state.list.books.map { book in
        Book(
          id: book.id.rawValue, title: book.title, wordCount: book.wordCount,
          counts: state.list.roundCounts[book.id].map(Counts.init))
      }
      selected = state.session.bookID?.rawValue
    }
  }

  /// The list of cards as a whole: the page asks for the window it shows when this changes.
  struct Cards: Encodable {
    /// `notLoaded`, `loading`, `loaded` or `failed`.
    var status: String
    var message: String?
    var count: Int
    var version: Int
  }

  /// Everything but the cards and the picker: mode, search, way round, tally, undo, saving,
  /// the error.
  struct Status {
    var mode: String
    var searchQuery: String?
    /// Whether cards show the meaning on their front.
    var isReversed: Bool
    var success: Int
    var fail: Int
    var notStudied: Int
    var canUndo: Bool
    var canRedo: Bool
    var unsavedMarks: Int
    var isSavingWord: Bool
    var error: String?
    /// In Due mode, how far reading the schedule got and when the next word falls due.
    var due: Due?

    /// Due mode's schedule: `status` is `notLoaded`, `loading`, `loaded` or `failed`; `next`
    /// is in seconds since 1970, `nil` when a word is due now or none has been reviewed.
    struct Due {
      var status: String
      var next: Int64?

      init(_ schedule: ReviewSchedule, language: Language) {
        status = WebEvents.status(of: schedule.status, language: language).0
        next = schedule.upcomingDue?.secondsSince1970
      }
    }

    init(_ state: AppState, language: Language) {
      mode = state.session.words.mode.rawValue
      searchQuery = state.session.words.searchQuery
      isReversed = state.session.isReversed
      success = state.tally.success
      fail = state.tally.fail
      notStudied = state.tally.notStudied
      canUndo = state.canUndo
      canRedo = state.canRedo
      unsavedMarks = state.marksNotYetSaved
      isSavingWord = state.session.isSavingWord
      error = state.lastError?.message(in: language, for: .visitor)
      due = state.session.words.mode == .due ? Due(state.session.schedule, language: language) : nil
    }

    /// The event's JSON, written field by field (see ``JSONObjectText``).
    var json: String {
      var object = JSONObjectText()
      object.add("mode", mode)
      object.add("searchQuery", searchQuery)
      object.add("isReversed", isReversed)
      object.add("success", success)
      object.add("fail", fail)
      object.add("notStudied", notStudied)
      object.add("canUndo", canUndo)
      object.add("canRedo", canRedo)
      object.add("unsavedMarks", unsavedMarks)
      object.add("isSavingWord", isSavingWord)
      object.add("error", error)
      object.add(
        "due",
        object: due.map { due in
          var object = JSONObjectText()
          object.add("status", due.status)
          object.add("next", due.next)
          return object
        })
      return object.closed
    }
  }

  /// One card.
  struct Card: Encodable {
    var id: Int64
    var term: String
    var meaning: String
    /// `not-studied`, `known` or `not-known`, as every command writes it.
    var state: String
    /// `front` or `back`.
    var face: String

    init(_ word: Word, face: CardFace) {
      id = word.id.rawValue
      term = word.term
      meaning = word.meaning
      state = word.studyState.name
      self.face = face.rawValue
    }

    /// The card's JSON as its own event, written field by field (see ``JSONObjectText``); the
    /// same as its `Encodable` form, which the lists of cards use.
    var json: String {
      var object = JSONObjectText()
      object.add("id", id)
      object.add("term", term)
      object.add("meaning", meaning)
      object.add("state", state)
      object.add("face", face)
      return object.closed
    }
  }

  /// A round's counts: what is left by kind, as the header shows them.
  struct Counts: Encodable {
    var new: Int
    var learning: Int
    var due: Int
    var unscheduled: Int

    init(_ counts: RoundCounts) {
      new = counts.new
      learning = counts.learning
      due = counts.due
      unscheduled = counts.unscheduled
    }
  }

  /// The study screen as the page shows it: the current card's position among the cards, the
  /// page of the list that holds it (when it is not the page sent last), and the round: what is
  /// left, and its summary once it is over.
  struct Screen: Encodable {
    var cursor: Int
    var pageStart: Int
    var pageSize: Int
    var count: Int
    var version: Int
    /// The list's page from `pageStart`, sent when it differs from the page sent last; the
    /// current card is its card at `cursor - pageStart`.
    var page: [Card]?
    var round: Round
    /// Whether the cards ask for typed answers, and the answer checked.
    var typing: Typing
    /// Whether new cards are said, and the last text to say.
    var speech: Speech

    /// The round: what is left, whether it is read from the schedule (counts by kind), and its
    /// summary.
    struct Round: Encodable {
      var counts: Counts
      var isScheduled: Bool
      var isOver: Bool
      var known: Int
      var notKnown: Int
    }
  }

  /// What each rating of a word would schedule: the seconds from now to its due time after
  /// again, hard, good and easy.
  struct Preview: Encodable {
    var id: Int64
    var waits: [Int64]
  }

  /// The window of cards the page asked for.
  struct Window: Encodable {
    var from: Int
    var count: Int
    var version: Int
    var cards: [Card]
  }

  /// The first event of a stream: the session the page names in its requests.
  struct Session: Encodable {
    var id: String
    /// The signed-in user, on a server with accounts.
    var user: String?
    /// The other servers of the same accounts the page may turn to when this one stops: each
    /// origin with the folder of the page's sign-in after it, without its last `/` (the page
    /// adds it), so that the cookie scoped to that folder goes there too.
    var peers: [String]?
  }

  static func status(of load: LoadStatus, language: Language) -> (String, String?) {
    switch load {
    case .notLoaded: ("notLoaded", nil)
    case .loading: ("loading", nil)
    case .loaded: ("loaded", nil)
    case .failed(let error): ("failed", error.message(in: language, for: .visitor))
    }
  }
}
