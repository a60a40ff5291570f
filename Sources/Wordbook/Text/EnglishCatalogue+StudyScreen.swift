/// The study screen's texts and its key help in English: what every front end shows, worded once.
extension EnglishCatalogue {
  func template(_ text: StudyScreenText) -> String {
    switch text {
    case .appName: "Wordbook"
    case .modeAll: "All words"
    case .modeExcludeSuccess: "Not yet known"
    case .modeFailedOnly: "Failed only"
    case .modeDue: "Due for review"
    case .known: "Known"
    case .notKnown: "Not known"
    case .notStudied: "Not studied"
    case .roundCounts: "New {new} · Learning {learning} · Due {due}"
    case .roundLeft: "{count} left"
    case .dueNext: ", next {when}"
    case .roundOver: "Round done"
    case .roundSummary: "Known {known} · Not known {notKnown}"
    case .restudyMissed: "Study the ones I missed"
    case .restudyRound: "Study all again"
    case .dueReading: "Reading the schedule…"
    case .dueFailed: "The schedule could not be read."
    case .booksLoading: "Loading the wordbooks…"
    case .booksEmpty: "There are no wordbooks yet."
    case .booksFailed: "The wordbooks could not be loaded: {reason}"
    case .wordsLoading: "Loading the words…"
    case .oneWord: "1 word"
    case .words: "{count} words"
    case .meaningFirst: "Meaning first"
    case .search: "Search"
    case .saving: "Saving…"
    case .deleteWordQuestion: "Delete “{term}” from the wordbook?"
    case .deletionIsFinal: "Undo cannot bring it back."
    case .deleteBookQuestion: "Delete wordbook {id} (“{title}”) and its {words}?"
    }
  }

  func text(_ line: StudyKeyHelp) -> String {
    switch line {
    case .flip: "flip the card"
    case .knewIt: "knew it (rated good)"
    case .didNotKnow: "did not know it (rated again)"
    case .rate: "rate: again, hard, good, easy"
    case .resetMark: "reset the mark"
    case .move: "move between cards"
    case .movePage: "move by a page"
    case .firstOrLast: "go to the first or last card"
    case .editOrDelete: "edit / delete the card"
    case .search: "search / clear the search"
    case .reverse: "show the meaning first, or the term"
    case .undoOrRedo: "undo / redo"
    case .shuffle: "shuffle"
    case .restudy: "study the ones missed / all again"
    case .studyMode: "switch the study mode"
    case .chooseBook: "pick a wordbook"
    case .addWord: "add a word"
    case .help: "show or hide this help"
    case .quit: "quit"
    }
  }
}
