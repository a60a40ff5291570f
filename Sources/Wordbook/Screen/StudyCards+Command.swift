extension StudyCards {
  /// What a learner asks of the study screen, whichever front end they use: a key, a swipe, a
  /// button.
  ///
  /// ``StudyCards/apply(_:to:at:)`` turns a command into the app's actions and the screen's
  /// moves, the same for every front end; ``StudyKeyMap`` says which key asks for which.
  /// Commands that open something only the front end draws (an editor, a question, the help)
  /// come back as a ``StudyCards/Request`` naming the card they are about.
  public enum Command: Hashable, Sendable {
    /// Turn the current card over; once a typed answer is checked
    /// (``checkTypedAnswer(_:)``), rate the card as its comparison proposes instead.
    case flip
    /// Rate the current card; the round moves on to its next card, and after its last card it
    /// is over (``StudyRound/isOver``), when nothing rates a card.
    case rate(Rating)
    /// Rate the card with this ID when it is still the current card, else nothing: what a front
    /// end sends for the card it shows, so that a second tap before the next card is shown does
    /// not rate that one. With `id`, the rating has the identity the front end gave it (a page
    /// that keeps it to send again when no answer came), else the screen's next.
    case rateShown(Word.ID, Rating, id: ReviewID? = nil)
    /// Study again, in a round of their own, the cards rated *again* in this round.
    case restudyMissed
    /// Study the round's cards again, from the first.
    case restudyRound
    /// Clear the current card's mark.
    case resetMark
    /// Move to the next card.
    case next
    /// Move to the card before.
    case previous
    /// Move a page of cards on (``StudyCards/pageSize``).
    case nextPage
    /// Move a page of cards back.
    case previousPage
    /// Move to the first card.
    case first
    /// Move to the last card.
    case last
    /// Move to the card at `position` among the visible words (from 0), or the nearest there is.
    case moveTo(Int)
    /// Edit the current card.
    case edit
    /// Delete the current card, once the learner confirms.
    case delete
    /// Type a search.
    case search
    /// Show the cards that match `query`, or every card for `nil`, from the first.
    case setSearchQuery(String?)
    /// Clear the search in force, if any, and start again from the first card.
    case clearSearch
    /// Show the meaning first, or the term.
    case toggleReverse
    /// Ask, in the open book, for each card's answer to be typed, or stop asking
    /// (``StudyPreferences/typingBooks``).
    case toggleTyping
    /// Compare `typed` with the current card's answer and show the card's back, when the
    /// screen asks for typed answers (``StudyCards/checkedAnswer``); a rating then overrides
    /// the proposed one, or ``flip`` accepts it.
    case checkTypedAnswer(String)
    /// Say the side of the current card that shows (``StudyCards/speech``).
    case say
    /// Say each new card's front as it comes up, or stop (``StudyPreferences/saysNewCards``).
    case toggleSayingNewCards
    /// Undo the last mark, moving to its card.
    case undo
    /// Redo the last undone mark, moving to its card.
    case redo
    /// Shuffle the cards and start again from the first.
    case shuffle
    /// Show the next study mode's cards, from the first.
    case toggleStudyMode
    /// Show `mode`'s cards, from the first, even when `mode` is shown already.
    case setStudyMode(StudyMode)
    /// Choose another wordbook: the list is read again.
    case chooseBook
    /// Open the wordbook `id`, from its first card.
    case openBook(WordBook.ID)
    /// Create a wordbook titled `title`, which opens from its first card.
    case createBook(title: String)
    /// Add a word.
    case addWord
    /// Show the keys.
    case help
    /// Quit: at once when every mark is saved, else once they are (``StudyCards/isQuitting``);
    /// while quitting, quit anyway once the service has answered for every mark.
    case quit
    /// Send again the marks the service refused.
    case retryUnsavedMarks
    /// Stop quitting and go on studying.
    case cancelQuit

    /// The command's name in the study page's key table: the names the page's script knows.
    public var name: String {
      switch self {
      case .flip: "flip"
      case .rate(.again): "again"
      case .rate(.hard): "hard"
      case .rate(.good): "good"
      case .rate(.easy): "easy"
      case .rateShown: "rateShown"
      case .restudyMissed: "restudyMissed"
      case .restudyRound: "restudyRound"
      case .resetMark: "resetMark"
      case .next: "next"
      case .previous: "previous"
      case .nextPage: "nextPage"
      case .previousPage: "previousPage"
      case .first: "first"
      case .last: "last"
      case .moveTo: "moveTo"
      case .edit: "edit"
      case .delete: "delete"
      case .search: "search"
      case .setSearchQuery: "setSearchQuery"
      case .clearSearch: "clearSearch"
      case .toggleReverse: "toggleReverse"
      case .toggleTyping: "toggleTyping"
      case .checkTypedAnswer: "checkTypedAnswer"
      case .say: "say"
      case .toggleSayingNewCards: "toggleSayingNewCards"
      case .undo: "undo"
      case .redo: "redo"
      case .shuffle: "shuffle"
      case .toggleStudyMode: "toggleStudyMode"
      case .setStudyMode: "setStudyMode"
      case .chooseBook: "chooseBook"
      case .openBook: "openBook"
      case .createBook: "createBook"
      case .addWord: "addWord"
      case .help: "help"
      case .quit: "quit"
      case .retryUnsavedMarks: "retryUnsavedMarks"
      case .cancelQuit: "cancelQuit"
      }
    }
  }
}
