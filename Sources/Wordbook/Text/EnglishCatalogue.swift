/// Every sentence Wordbook says in English, one catalogue across the layers.
///
/// The domain's sentences are here and in the `EnglishCatalogue+StudyScreen.swift` file: its
/// errors, the study screen's texts and its key help. Each layer above adds its own in an
/// extension in its module, named after it (the commands' and the terminal screen's in
/// `WordbookTerminal`, the page's in `WordbookWeb`, the review chart's in
/// `WordbookInterchange`), each behind that layer's protocol, so a sentence missing in one
/// language does not compile. No sentence is written in two places: a text two front ends
/// show is the domain's, and each reads it from here.
public struct EnglishCatalogue: Sendable {
  /// The catalogue; it holds no state, only sentences.
  public init() {}

  /// The language of its sentences.
  public var language: Language { .english }
}

extension EnglishCatalogue: Catalogue {
  func sentence(_ error: AppError, for reader: MessageReader) -> String {
    switch error {
    case .alreadySaving: "A word is being saved. Wait for it to finish, then try again."
    case .blankTitle: "A wordbook needs a title. Type one and try again."
    case .blankTerm: "A word needs a term. Type one and try again."
    case .noBookSelected: "Choose a wordbook first, then save the word."
    case .nothingToRedo: "There is nothing to redo."
    case .nothingToUndo: "There is nothing to undo."
    case .roundIsOver:
      "The round is over. Study the ones you missed, or all of them again, to go on."
    case .service(let error): error.message(in: .english, for: reader)
    case .unknownBook(let id): "No wordbook has ID \(id). Choose one from the list."
    case .unknownWord(let id): "No word has ID \(id) in this wordbook."
    }
  }

  func sentence(_ reason: WordServiceError.Reason, for reader: MessageReader) -> String {
    switch reason {
    case .bookNotFound(let id): "No wordbook has ID \(id). Reload the wordbook list."
    case .wordNotFound(let id): "No word has ID \(id). Reload the wordbook."
    case .titleTaken(let book):
      "The wordbook \"\(book.title)\" (ID \(book.id)) already has that title. "
        + "Choose another title."
    case .blankTitle: "A wordbook needs a title. Type one and try again."
    case .blankTerm: "A word needs a term. Type one and try again."
    case .reviewTimeOutOfBounds(let time):
      "A review at \(time.iso8601) cannot be scheduled: a review's time must be from "
        + "\(Review.timeBounds.lowerBound.iso8601) to \(Review.timeBounds.upperBound.iso8601). "
        + "Nothing was recorded."
    case .userNotFound(let id): "No user has ID \(id): the account was deleted. Sign in again."
    case .blankUserName: "A PostgreSQL database needs a user name: pass --user NAME."
    case .cancelled: "The operation was cancelled; nothing was changed."
    case .reviewedTermNotMatched(let line, let problem):
      "Line \(line) of the review history: \(clause(problem)); no review was imported."
    case .reviewIDTaken(let id):
      "Another review already has the ID \(id); nothing was saved. Rate the card again."
    case .reviewHistoryUnreadable: "The review history cannot be read; nothing was imported."
    case .reviewHistoryClosed:
      "The review history was closed before it was read; nothing was imported."
    case .unreachable(let operation):
      "Could not \(operation.rawValue): the service is unavailable. Try again."
    case .storage(let failure): sentence(failure, for: reader)
    case .described(let message): message
    }
  }

  func sentence(_ failure: WordServiceError.StorageFailure, for reader: MessageReader) -> String {
    let what = "Could not \(failure.operation.rawValue)"
    guard reader == .owner else { return "\(what): \(visitorClause(failure.problem))" }
    let path = failure.path
    return switch failure.problem {
    case .busy:
      "\(what): another program is using the wordbook database at \(path). "
        + "Close it, or wait a moment and try again."
    case .full:
      "\(what): the disk holding \(path) is full. Free some space and try again; "
        + "nothing was changed."
    case .readOnly:
      "\(what): \(path) or its folder is read-only. "
        + "Make both writable, or choose another location with WORDBOOK_DB."
    case .notADatabase:
      "\(path) is not a Wordbook database. Move it aside, or choose another location "
        + "with WORDBOOK_DB; the file was left untouched."
    case .damaged(let detail):
      "\(what): the wordbook database at \(path) is damaged (\(detail)). "
        + "Restore it from a backup."
    case .cannotOpen(let detail):
      "\(what): the file \(path) cannot be opened (\(detail)). "
        + "Check that its folder exists and can be written."
    case .inputOutput(let detail):
      "\(what): reading or writing \(path) failed (\(detail)). Check the disk and try again."
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
      "\(what): \(path) cannot use write-ahead logging (mode \(mode))."
    case .serverUnreachable(let detail):
      "\(what): the database server at \(path) cannot be reached (\(detail)). "
        + "Check that it is running and that the URL is right, then try again."
    case .folderIsFile(let part):
      "\(what) \(path): \(part) is a file, not a folder. "
        + "Choose another location with WORDBOOK_DB."
    case .system(let detail):
      "\(what) \(failure.operation == .createFolder ? "" : "in ")\(path): \(detail)."
    }
  }

  /// What went wrong, without the server's paths, addresses or system errors.
  private func visitorClause(_ problem: WordServiceError.StorageProblem) -> String {
    switch problem {
    case .busy: "another program is using the wordbook database. Wait a moment and try again."
    case .full: "the server's disk is full; nothing was changed."
    case .readOnly: "the wordbook database is read-only."
    case .notADatabase: "the server's wordbook file is not a Wordbook database."
    case .damaged: "the wordbook database is damaged. It needs restoring from a backup."
    case .cannotOpen: "the wordbook database cannot be opened."
    case .inputOutput: "reading or writing the wordbook database failed. Try again."
    case .severalNames:
      "the wordbook database has several names (hard links), so it was not written."
    case .newerSchema: "a newer Wordbook made the wordbook database. Wordbook needs updating."
    case .closed: "the server closed the wordbook database."
    case .noWriteAheadLog: "the wordbook database cannot use write-ahead logging."
    case .serverUnreachable: "the database server cannot be reached. Try again."
    case .folderIsFile: "a file stands where the wordbook database's folder should be."
    case .system: "the wordbook database failed."
    }
  }

  func clause(_ problem: ReviewedTermProblem) -> String {
    switch problem {
    case .unknownTerm(let term): "the wordbook has no word '\(term)'"
    case .ambiguousTerm(let term, let count):
      "\(count) words of the wordbook are '\(term)'; add a meaning column to tell which"
    case .unknownMeaning(let term, let meaning):
      "no word '\(term)' of the wordbook means '\(meaning)'"
    }
  }
}
