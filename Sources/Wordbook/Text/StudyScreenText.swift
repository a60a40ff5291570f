/// A text of the study screen that every front end shows, worded once in each language's
/// catalogue (``EnglishCatalogue``, ``KoreanCatalogue``): the terminal draws it and the page is
/// sent it, from there.
///
/// A text with values names each in braces (`{count}`). ``text(in:_:)`` fills them in for a
/// front end that formats its values itself, as the terminal does; the page is sent the
/// template (``template(in:)``) and fills it in with the values it formats in its language.
///
/// ```swift
/// StudyScreenText.roundCounts.text(in: .english, ["new": "10", "learning": "1", "due": "3"])
/// // "New 10 · Learning 1 · Due 3"
/// StudyScreenText.name(of: .failedOnly).text(in: .korean)  // "틀린 단어만"
/// ```
public enum StudyScreenText: String, CaseIterable, Hashable, Sendable {
  /// The application's name.
  case appName
  /// ``StudyMode/all``'s name.
  case modeAll
  /// ``StudyMode/excludeSuccess``'s name.
  case modeExcludeSuccess
  /// ``StudyMode/failedOnly``'s name.
  case modeFailedOnly
  /// ``StudyMode/due``'s name.
  case modeDue
  /// ``StudyState/success``'s name, as the counts name it.
  case known
  /// ``StudyState/fail``'s name, as the counts name it.
  case notKnown
  /// ``StudyState/notStudied``'s name, as the counts name it.
  case notStudied
  /// What a Due round has left, as Anki's *New · Learning · Due*: `{new}`, `{learning}`,
  /// `{due}`.
  case roundCounts
  /// What a round of another mode has left: `{count}`.
  case roundLeft
  /// Put after the round's counts when nothing is due now and the next word falls due later:
  /// `{when}`.
  case dueNext
  /// Says that the round is over.
  case roundOver
  /// A round's summary: `{known}`, the cards known; `{notKnown}`, those missed.
  case roundSummary
  /// Starts a round of the cards missed in this one.
  case restudyMissed
  /// Starts the round's cards again.
  case restudyRound
  /// Shown in Due mode while the schedule is read.
  case dueReading
  /// Shown in Due mode when the schedule could not be read.
  case dueFailed
  /// Shown while the wordbook list loads.
  case booksLoading
  /// Shown when there is no wordbook at all.
  case booksEmpty
  /// Shown when the wordbook list could not load: `{reason}`.
  case booksFailed
  /// Shown while the chosen book's words load.
  case wordsLoading
  /// A count of one word.
  case oneWord
  /// A count of words other than one: `{count}`.
  case words
  /// Says that cards show the meaning on their front.
  case meaningFirst
  /// The search's name.
  case search
  /// Shown while a word is being saved.
  case saving
  /// Asks whether to delete a word: `{term}`.
  case deleteWordQuestion
  /// Says that undo does not bring back what is deleted.
  case deletionIsFinal
  /// Asks whether to delete a wordbook: `{id}`, `{title}` and `{words}`, one of ``oneWord``
  /// or ``words``.
  case deleteBookQuestion
  /// The name of the switch that asks for typed answers.
  case typing
  /// Asks for the current card's answer to be typed.
  case typeTheAnswer
  /// The rating a typed answer proposes, and how to take it: `{rating}`, one of
  /// ``ratingAgain``, ``ratingHard``, ``ratingGood`` or ``ratingEasy``.
  case proposedRating
  /// ``Rating/again``'s name.
  case ratingAgain
  /// ``Rating/hard``'s name.
  case ratingHard
  /// ``Rating/good``'s name.
  case ratingGood
  /// ``Rating/easy``'s name.
  case ratingEasy
  /// The name of the button that says the side shown.
  case say

  /// The text in `language`, with each `{name}` replaced by `values[name]`.
  ///
  /// The template is read once from start to end, so a value that holds braces itself (a
  /// learner's term) is put in as it is, never filled in again. A name without a value stays
  /// as it is written.
  ///
  /// - Parameters:
  ///   - language: The language of the text.
  ///   - values: The values the text names, formatted by the front end.
  /// - Returns: The text, with the values unescaped: a front end escapes it for its medium.
  public func text(in language: Language, _ values: [String: String] = [:]) -> String {
    let template = template(in: language)
    guard !values.isEmpty else { return template }
    var text = ""
    var rest = template[...]
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      let name = String(rest[rest.index(after: open)..<close])
      text += rest[..<open]
      if let value = values[name] {
        text += value
      } else {
        text += rest[open...close]
      }
      rest = rest[rest.index(after: close)...]
    }
    return text + rest
  }

  /// The text in `language` as it is written, its values named in braces.
  public func template(in language: Language) -> String {
    language.catalogue.template(self)
  }

  /// The text that names `mode`.
  public static func name(of mode: StudyMode) -> StudyScreenText {
    switch mode {
    case .all: .modeAll
    case .excludeSuccess: .modeExcludeSuccess
    case .failedOnly: .modeFailedOnly
    case .due: .modeDue
    }
  }

  /// The text that names `rating`.
  public static func name(of rating: Rating) -> StudyScreenText {
    switch rating {
    case .again: .ratingAgain
    case .hard: .ratingHard
    case .good: .ratingGood
    case .easy: .ratingEasy
    }
  }

  /// The text that names `state`.
  public static func name(of state: StudyState) -> StudyScreenText {
    switch state {
    case .success: .known
    case .fail: .notKnown
    case .notStudied: .notStudied
    }
  }
}
