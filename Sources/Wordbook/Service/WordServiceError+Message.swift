extension WordServiceError {
  /// The error in an English sentence that says what failed and what to do, as logs record
  /// it; front ends word the ``reason`` in their user's language instead.
  public var message: String {
    switch reason {
    case .bookNotFound(let id): "No wordbook has ID \(id). Reload the wordbook list."
    case .wordNotFound(let id): "No word has ID \(id). Reload the wordbook."
    case .titleTaken(let book):
      "The wordbook \"\(book.title)\" (ID \(book.id)) already has that title. "
        + "Choose another title."
    case .blankTitle: "A wordbook needs a title. Type one and try again."
    case .blankTerm: "A word needs a term. Type one and try again."
    case .cancelled: "The operation was cancelled; nothing was changed."
    case .reviewedTermNotMatched(let line, let problem):
      "Line \(line) of the review history: \(problem.clause); no review was imported."
    case .unreachable(let operation):
      "Could not \(operation.rawValue): the service is unavailable. Try again."
    case .storage(let failure): failure.message
    case .described(let message): message
    }
  }
}

extension WordServiceError.StorageFailure {
  /// The failure in an English sentence.
  var message: String {
    let what = operation.rawValue
    return switch problem {
    case .busy:
      "Could not \(what): another program is using the wordbook database at \(path). "
        + "Close it, or wait a moment and try again."
    case .full:
      "Could not \(what): the disk holding \(path) is full. Free some space and try again; "
        + "nothing was changed."
    case .readOnly:
      "Could not \(what): \(path) or its folder is read-only. "
        + "Make both writable, or choose another location with WORDBOOK_DB."
    case .notADatabase:
      "\(path) is not a Wordbook database. Move it aside, or choose another location "
        + "with WORDBOOK_DB; the file was left untouched."
    case .damaged(let detail):
      "Could not \(what): the wordbook database at \(path) is damaged (\(detail)). "
        + "Restore it from a backup."
    case .cannotOpen(let detail):
      "Could not \(what): the file \(path) cannot be opened (\(detail)). "
        + "Check that its folder exists and can be written."
    case .inputOutput(let detail):
      "Could not \(what): reading or writing \(path) failed (\(detail)). "
        + "Check the disk and try again."
    case .severalNames(let links):
      "\(path) has \(links) names (hard links). SQLite keeps a database's write-ahead log and "
        + "locks per name, so programs opening it by different names can lose saved words or "
        + "damage it. Keep one name (`find / -samefile \(path)` lists them) or open a copy of "
        + "the file; it was not written."
    case .newerSchema(let version, let known):
      "The wordbook database at \(path) has schema version \(version), but this Wordbook "
        + "knows versions up to \(known). Update Wordbook to open it; the file was left "
        + "untouched."
    case .closed:
      "The wordbook database \(path) was closed by this program. Open it again to use it."
    case .noWriteAheadLog(let mode):
      "Could not \(what): \(path) cannot use write-ahead logging (mode \(mode))."
    case .serverUnreachable(let detail):
      "Could not \(what): the database server at \(path) cannot be reached (\(detail)). "
        + "Check that it is running and that the URL is right, then try again."
    case .folderIsFile(let part):
      "Could not \(what) \(path): \(part) is a file, not a folder. "
        + "Choose another location with WORDBOOK_DB."
    case .system(let detail):
      "Could not \(what) \(operation == .createFolder ? "" : "in ")\(path): \(detail)."
    }
  }
}

extension ReviewedTermProblem {
  /// The problem in an English clause.
  var clause: String {
    switch self {
    case .unknownTerm(let term): "the wordbook has no word \"\(term)\""
    case .ambiguousTerm(let term, let count):
      "\(count) words of the wordbook are \"\(term)\"; add a meaning column to tell which"
    case .unknownMeaning(let term, let meaning):
      "no word \"\(term)\" of the wordbook means \"\(meaning)\""
    }
  }
}
