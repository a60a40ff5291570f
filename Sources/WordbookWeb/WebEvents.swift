import Wordbook

/// The JSON the page receives, in events and in answers to its requests.
enum WebEvents {
  /// The wordbook picker.
  struct Picker: Encodable {
    struct Book: Encodable {
      var id: Int64
      var title: String
      var wordCount: Int
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
      books = state.books.map { Book(id: $0.id.rawValue, title: $0.title, wordCount: $0.wordCount) }
      selected = state.selectedBookID?.rawValue
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
  struct Status: Encodable {
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
    /// In Due mode, how many words are due and new, and when the next falls due.
    var due: Due?

    /// Due mode's counts: `status` is `notLoaded`, `loading`, `loaded` or `failed`; `next`
    /// is in seconds since 1970, `nil` when it is now or no word has been reviewed.
    struct Due: Encodable {
      var status: String
      var count: Int
      var newWords: Int
      var next: Int64?

      init(_ schedule: ReviewSchedule, language: Language) {
        status = WebEvents.status(of: schedule.status, language: language).0
        count = schedule.dueCount
        newWords = schedule.newWordsLeft
        next = schedule.upcomingDue?.secondsSince1970
      }
    }

    init(_ state: AppState, language: Language) {
      mode = state.studyMode.rawValue
      searchQuery = state.searchQuery
      isReversed = state.isReversed
      success = state.tally.success
      fail = state.tally.fail
      notStudied = state.tally.notStudied
      canUndo = state.canUndo
      canRedo = state.canRedo
      unsavedMarks = state.marksNotYetSaved
      isSavingWord = state.isSavingWord
      error = state.lastError?.message(in: language, for: .visitor)
      due = state.studyMode == .due ? Due(state.schedule, language: language) : nil
    }
  }

  /// One card.
  struct Card: Encodable {
    var id: Int64
    var term: String
    var meaning: String
    /// `notStudied`, `success` or `fail`.
    var state: String
    /// `front` or `back`.
    var face: String

    init(_ word: Word, face: CardFace) {
      id = word.id.rawValue
      term = word.term
      meaning = word.meaning
      switch word.studyState {
      case .notStudied: state = "notStudied"
      case .success: state = "success"
      case .fail: state = "fail"
      }
      self.face = face.rawValue
    }
  }

  /// The study screen's place: the current card's position among the cards, how many the
  /// list shows at once, and whether the last card has just been rated.
  struct Screen: Encodable {
    var cursor: Int
    var pageSize: Int
    var isRoundOver: Bool

    init(_ cards: StudyCards) {
      cursor = cards.cursor
      pageSize = cards.pageSize
      isRoundOver = cards.isRoundOver
    }
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
