import Wordbook

extension StudyState {
  /// The name written into CSV, TSV and Quizlet files: the state's one spelling
  /// (``StudyState/name``).
  var interchangeName: String { name }

  /// The Anki tag that records the state, if the state needs one.
  var ankiTag: String? {
    switch self {
    case .notStudied: nil
    case .success, .fail: "wordbook::\(name)"
    }
  }

  /// Reads a state name as files write it, as `wordbook words` shows it, or as earlier
  /// versions wrote it (`notStudied`, `success`, `fail`); an empty text is ``notStudied``.
  init?(interchangeName text: String) {
    switch text.lowercased() {
    case "", "notstudied", "not-studied", "not_studied", "not studied", "new": self = .notStudied
    case "success", "known": self = .success
    case "fail", "failed", "not-known", "not_known", "not known", "notknown": self = .fail
    default: return nil
    }
  }

  /// Reads a state named exactly as ``interchangeName`` writes it, or as earlier versions wrote
  /// it, for the optional state field of Quizlet cards and headerless tables, where a looser
  /// match would take ordinary words.
  init?(writtenName text: String) {
    switch text {
    case "not-studied", "notStudied": self = .notStudied
    case "known", "success": self = .success
    case "not-known", "fail": self = .fail
    default: return nil
    }
  }

  /// Reads an Anki study-state tag, as this version or an earlier one wrote it.
  init?(ankiTag tag: String) {
    switch tag.lowercased() {
    case "wordbook::known", "wordbook::success": self = .success
    case "wordbook::not-known", "wordbook::fail": self = .fail
    case "wordbook::not-studied", "wordbook::notstudied": self = .notStudied
    default: return nil
    }
  }
}
