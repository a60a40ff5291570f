import Wordbook

/// The text of the study screen that only the terminal shows, in English.
extension EnglishCatalogue {
  var screenMessages: Messages {
    Messages(
      modeLabel: "Mode",
      retryBooks: "Press b to try again.",
      createBookHint: "Press n to create one.",
      chooseBook:
        "Choose a wordbook: ↑/↓ move, Enter open, n new, r rename, d delete, Esc back.",
      emptyBook: "This wordbook has no words yet. Press a to add one.",
      noWordsInMode: "No word to show in this mode. Press m to change the mode.",
      noSearchMatch: "No word matches the search. Press Esc to clear it.",
      backLabel: "back: ",
      cardLabel: "Card",
      hint: "? help   q quit",
      savingMarks: { $0 == 1 ? "Saving 1 mark…" : "Saving \($0) marks…" },
      marksNotSaved: {
        ($0 == 1 ? "1 mark is" : "\($0) marks are")
          + " not saved. r: try again   q: quit anyway   Esc: back"
      },
      undid: { "Undone: “\($0)” is \(Self.name($1)) again." },
      redid: { "Redone: “\($0)” is \(Self.name($1)) again." },
      errorPrefix: "Error: ",
      errorSuffix: " (Esc to dismiss)",
      termPrompt: "New word, term: ",
      meaningPrompt: "New word, meaning: ",
      titlePrompt: "New wordbook, title: ",
      editTermPrompt: "Edit word, term: ",
      editMeaningPrompt: "Edit word, meaning: ",
      renamePrompt: "Rename wordbook, title: ",
      answerKeys: "y: delete   any other key: keep",
      helpTitle: "Keys",
      language: .english,
      fieldKeys: ("in a field", "←/→ move, Ctrl-A/E ends, Ctrl-U clears, Esc cancels"),
      windowTooSmall: "Window too small",
      speakerMissing:
        "Saying words needs espeak-ng: install the espeak-ng package (sudo apt-get install espeak-ng).",
      describe: { $0.message(in: .english) }
    )
  }

  /// A study state as the notices name it.
  private static func name(_ state: StudyState) -> String {
    switch state {
    case .success: "known"
    case .fail: "not known"
    case .notStudied: "not studied"
    }
  }
}
