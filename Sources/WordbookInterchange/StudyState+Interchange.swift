import Wordbook

extension StudyState {
  /// The name written into CSV, TSV and Quizlet files.
  var interchangeName: String {
    switch self {
    case .notStudied: "notStudied"
    case .success: "success"
    case .fail: "fail"
    }
  }

  /// The Anki tag that records the state, if the state needs one.
  var ankiTag: String? {
    switch self {
    case .notStudied: nil
    case .success: "wordbook::success"
    case .fail: "wordbook::fail"
    }
  }

  /// Reads a state name as files write it, or as `wordbook words` shows it (`not-studied`);
  /// an empty text is ``notStudied``.
  init?(interchangeName text: String) {
    switch text.lowercased() {
    case "", "notstudied", "not-studied", "not_studied", "not studied", "new": self = .notStudied
    case "success", "known": self = .success
    case "fail", "failed": self = .fail
    default: return nil
    }
  }

  /// Reads a state named exactly as ``interchangeName`` writes it, for the optional state field
  /// of Quizlet cards and headerless tables, where a looser match would take ordinary words.
  init?(writtenName text: String) {
    guard let state = Self.allCases.first(where: { $0.interchangeName == text }) else { return nil }
    self = state
  }

  /// Reads an Anki study-state tag.
  init?(ankiTag tag: String) {
    switch tag.lowercased() {
    case "wordbook::success": self = .success
    case "wordbook::fail": self = .fail
    case "wordbook::notstudied": self = .notStudied
    default: return nil
    }
  }
}
