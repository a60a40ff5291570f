import Wordbook

/// What a front end shows of a state, read through the public API only, for snapshots that
/// read like the screen.
struct Screen {
  var picker: BookPicker
  var mode: StudyMode
  var tally: StudyTally
  /// Each visible card: the face showing, then its mark.
  var cards: [String]
  var canUndo: Bool
  var marksNotYetSaved: Int
  var error: String?

  init(_ state: AppState) {
    picker = state.picker
    mode = state.session.words.mode
    tally = state.tally
    cards = state.visibleWords.map { word in
      let shows = state.face(of: word.id) == .front ? word.term : word.meaning
      return "\(shows) (\(word.studyState))"
    }
    canUndo = state.canUndo
    marksNotYetSaved = state.marksNotYetSaved
    error = state.lastError?.message
  }
}
