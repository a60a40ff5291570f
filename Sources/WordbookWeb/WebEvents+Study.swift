import Wordbook

/// The typing and the speech of the study screen, as the `screen` event carries them.
extension WebEvents {
  /// Whether the open book's cards ask for their answers to be typed, and the answer checked.
  struct Typing: Encodable {
    /// Whether typing is on for the open book.
    var isOn: Bool
    /// Whether the current card waits for its answer to be typed.
    var awaitsAnswer: Bool
    /// The typed answer checked against the current card, if any.
    var checked: CheckedAnswer?

    init(_ cards: StudyCards, in app: AppState) {
      isOn = cards.isTyping(in: app)
      awaitsAnswer = cards.awaitsTypedAnswer(in: app)
      checked = cards.checkedAnswer.map(CheckedAnswer.init)
    }
  }

  /// A typed answer compared with a card's: which characters were right, wrong and missing,
  /// and the rating proposed, named as the page's commands name it (`hard`).
  struct CheckedAnswer: Encodable {
    var word: Int64
    var typed: [Mark]
    var expected: [Mark]
    var proposal: String

    /// One character and what became of it: `right`, `wrong` or `missing`.
    struct Mark: Encodable {
      var text: String
      var kind: String

      init(_ mark: TypedAnswer.Mark) {
        text = String(mark.character)
        kind =
          switch mark.kind {
          case .right: "right"
          case .wrong: "wrong"
          case .missing: "missing"
          }
      }
    }

    init(_ checked: StudyCards.CheckedAnswer) {
      word = checked.wordID.rawValue
      typed = checked.result.typedMarks.map(Mark.init)
      expected = checked.result.expectedMarks.map(Mark.init)
      proposal = StudyCards.Command.rate(checked.result.proposal).name
    }
  }

  /// Whether each new card's term is said, and the last text the screen asked to say.
  struct Speech: Encodable {
    var saysNewCards: Bool
    /// The last text to say, in its language: the page says it when its number grows.
    var last: Said?

    /// A text to say, the `number`th the screen asked for.
    struct Said: Encodable {
      var number: Int
      var text: String
      var language: String
    }

    /// The screen's speech, its last request said in `languages`; without it when the open
    /// book's languages are not known yet.
    init(_ cards: StudyCards, languages: SpeechLanguages?) {
      saysNewCards = cards.preferences.saysNewCards
      if let request = cards.speech, let languages {
        let spoken = languages.spoken(request)
        last = Said(number: request.number, text: spoken.text, language: spoken.language)
      }
    }
  }
}
