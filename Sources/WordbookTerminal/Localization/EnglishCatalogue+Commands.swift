import Wordbook
import WordbookAnki
import WordbookInterchange
import WordbookPostgres

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `wordbook` command's sentences in English.
extension EnglishCatalogue: TerminalCatalogue {
  var yesAnswers: Set<String> { ["y", "yes"] }

  func describe(_ error: UsageError) -> String {
    let text = explanation(error.problem)
    guard let usage = error.usage else { return text }
    if case .unknownSubcommandOption(_, _, true) = error.problem {
      return text + ". Usage: \(usage) (put -- before a value that starts with -)"
    }
    return text + ". Usage: \(usage)"
  }

  private func explanation(_ problem: UsageError.Problem) -> String {
    switch problem {
    case .argumentNotUTF8(let position):
      "argument \(position) is not UTF-8 text; give it in UTF-8 (for example, convert it "
        + "with iconv)"
    case .needsFilePath(let option): "\(option) needs a file path, as in: wordbook \(option) FILE"
    case .recordOnlyForStudy(let name):
      "--record records a study session: use it with 'wordbook' or 'wordbook study', "
        + "not with '\(name.shown)'."
    case .unknownOption(let name):
      "unknown option '\(name.shown)'. Run 'wordbook --help' to see the options."
    case .unknownSubcommand(let name):
      "unknown subcommand '\(name.shown)'. Run 'wordbook --help' to see the subcommands."
    case .unknownSubcommandOption(let option, let name, _):
      "unknown option '\(option.shown)' for '\(name)'"
    case .missingArguments(let name): "'\(name)' is missing arguments"
    case .tooManyArguments(let name, let limit): "'\(name)' takes at most \(limit) arguments"
    case .optionNeedsValue(let option): "--\(option.shown) needs a value"
    case .optionGivenTwice(let option): "--\(option.shown) is given twice"
    case .invalidWordID(let value):
      "WORD_ID must be a word's ID, a number as 'wordbook words BOOK' shows, not '\(value.shown)'"
    case .invalidChoice(let option, let accepted, let value):
      "--\(option) must be one of \(accepted.joined(separator: ", ")), not '\(value.shown)'"
    case .editNeedsChange: "'edit' needs --term, --meaning or both"
    case .conflictingHeaderFlags: "give --header or --no-header, not both"
    case .importNeedsBook: "'import' needs --book TITLE"
    case .chartNeedsBook: "'stats --chart FILE' needs the BOOK to draw"
    case .invalidPort(let port): "--port must be a number from 0 to 65535, not '\(port.shown)'"
    case .hostNeedsAddress: "--host needs an IP address, such as 0.0.0.0"
    case .peersNeedSignIn:
      "--peers needs a PostgreSQL database whose learners sign in (no --user): one learner's "
        + "server has a token no other server's page holds"
    case .replicaNeedsSignIn:
      "--replica takes the postgresql:// URL of a hot standby of --db, and needs a PostgreSQL "
        + "database whose learners sign in (no --user)"
    case .replicaNeedsPostgres:
      "--replica takes the postgresql:// URL of a hot standby of --db, which must be a PostgreSQL "
        + "database"
    case .newKeyNeedsOneLearner:
      "--new-key is for one learner's server (a SQLite file, or --user): where learners sign "
        + "in, the address is the sign-in page and has no key"
    case .studyNeedsTerminal:
      "'study' needs a terminal; in scripts use 'wordbook words BOOK' or 'wordbook stats'."
    case .recordOverScreen:
      "--record - would write the log over the study screen; give it a file."
    case .deleteBookNeedsYes(let id):
      "'delete-book' asks before deleting, and standard input is not a terminal: "
        + "add --yes to delete wordbook \(id) and its words."
    case .usersNeedServer:
      "'users' manages the accounts of a PostgreSQL database: give --db postgresql://… "
        + "(or $WORDBOOK_DB); a SQLite file has one learner and no accounts"
    case .unknownUsersAction(let action):
      "'users' takes add, list, delete or passwd, not '\(action.shown)'"
    case .deleteUserNeedsYes(let name):
      "'users delete' asks before deleting, and standard input is not a terminal: "
        + "add --yes to delete user \(name.shown) and their wordbooks."
    case .databaseNeedsUser:
      "a PostgreSQL database keeps the wordbooks of many users: choose one with --user NAME "
        + "(a new name creates the user)"
    case .unknownSetting(let key):
      "unknown setting '\(key.shown)'; the settings are "
        + SchedulingSetting.allCases.map(\.rawValue).joined(separator: ", ")
        + ", and with --book BOOK "
        + BookSetting.allCases.map(\.rawValue).joined(separator: ", ")
    case .tlsNeedsCertificateAndKey:
      "HTTPS needs both --tls-cert FILE (the certificate) and --tls-key FILE (its private key)"
    case .settingNeedsBook(let key):
      "\(key.shown) is a wordbook's setting: name the book with --book BOOK"
    case .invalidLanguage(let value):
      "a language is a tag such as ko-KR, en-GB or ja (or auto), not '\(value.shown)'"
    case .invalidSetting(let key, let value):
      "\(key.rawValue) must be \(Self.accepted(key)), not '\(value.shown)'"
    case .invalidParameter(let index, let value):
      "parameter \(index + 1) of 21 must be from \(SchedulerSettings.parameterBounds[index].lowerBound) "
        + "to \(SchedulerSettings.parameterBounds[index].upperBound), in '\(value.shown)'"
    case .invalidRating(let value):
      "the rating must be again, hard, good or easy (or 1 to 4), not '\(value.shown)'"
    case .invalidTime(let option, let value):
      "--\(option) must be a time in ISO 8601 with a zone, such as 2026-12-01T10:00:00Z or "
        + "2026-12-01T19:00:00+09:00, not '\(value.shown)'"
    case .reviewTimeOutOfBounds(let option, let value):
      "--\(option) must be a time from \(Review.timeBounds.lowerBound.iso8601) to "
        + "\(Review.timeBounds.upperBound.iso8601) for a review, whose next review must fall "
        + "by 9999-12-31, not '\(value.shown)'"
    }
  }

  /// What a setting accepts, as a phrase after "must be".
  private static func accepted(_ key: SchedulingSetting) -> String {
    switch key {
    case .retention:
      "a number from \(SchedulerSettings.desiredRetentionBounds.lowerBound) to "
        + "\(SchedulerSettings.desiredRetentionBounds.upperBound)"
    case .fuzz: "on or off"
    case .learningSteps, .relearningSteps:
      "none, or steps separated by commas, each a whole number and a unit s, m, h or d "
        + "(such as 1m,10m), none longer than 36500 days"
    case .maximumInterval:
      "a whole number of days from \(SchedulerSettings.maximumIntervalBounds.lowerBound) to "
        + "\(SchedulerSettings.maximumIntervalBounds.upperBound)"
    case .newPerDay:
      "a whole number from \(ReviewSettings.newWordsPerDayBounds.lowerBound) to "
        + "\(ReviewSettings.newWordsPerDayBounds.upperBound)"
    case .learnAhead: "a whole number and a unit s, m, h or d (such as 20m), at most 1d"
    case .parameters: "21 numbers separated by commas"
    }
  }

  func describe(_ problem: CommandProblem) -> String {
    switch problem {
    case .service(let error): describe(error)
    case .usage(let error): describe(error)
    case .bookIDNotFound(let id, let text):
      "no wordbook has ID \(id). Run 'wordbook books' to see them; for a wordbook titled "
        + "'\(text.shown)', write title:\(text.shown)."
    case .bookTitleNotFound(let title):
      "no wordbook has the title '\(title.shown)'. Run 'wordbook books' to see them."
    case .bookDeletedWhileReading(let book):
      "wordbook \(book.id) (\(book.title.shown)) was deleted while it was being read. "
        + "Run 'wordbook books' to see the wordbooks."
    case .wordNotInBook(let word, let book):
      "wordbook \(book.id) (\(book.title.shown)) has no word with ID \(word). "
        + "Run 'wordbook words \(book.id)' to see its words."
    case .bookNotDeleted(let id): "wordbook \(id) was not deleted."
    case .account(let error): describe(error)
    case .passwordsDiffer: "the two passwords differ; nothing was changed."
    case .noPassword:
      "no password: type it on a terminal, or give it as the first line of standard input."
    case .passwordNotUTF8: "the password is not UTF-8 text; nothing was changed."
    case .userNotDeleted(let name): "user \(name.shown) was not deleted."
    case .replicaNotACopy(let replica):
      "\(replica.shown) is not a standby of --db: it is another PostgreSQL cluster. Give "
        + "--replica the URL of a standby made from --db's cluster (pg_basebackup -R)."
    case .cannotReadFile(let file): "cannot read \(file.shown). Check the path and its permissions."
    case .unreadableFlashcards(let file, let error):
      "\(file.shown): \(error.message(in: .english).shown)" + Self.columnAdvice(error) + "."
    case .noCardToImport(let file, let format, let rejected):
      "no card to import in \(file.shown) (read as \(format), "
        + "\(Self.counted(rejected, "line", "lines")) rejected); "
        + "the wordbook was not changed."
    case .reviewLineRefused(let file, let line, let problem):
      "\(file.shown), line \(line): \(Self.refusal(problem)); no review was imported."
    case .unreadablePackage(let file, let error):
      "\(file.shown): \(error.message(in: .english).shown)."
    case .noNoteToImport(let file, let rejected):
      "\(file.shown): no note could be imported (\(rejected) rejected); "
        + "the wordbook was not changed."
    case .parameterFitFailed(let error): Self.fitFailure(error)
    case .interrupted(let signal):
      "stopped by \(Self.signalName(signal)); what it had not finished was not saved."
    case .exportFailed(let format, let error):
      "cannot export as \(format): \(error.message(in: .english).shown)."
    case .cannotReadLog(let name): "cannot read the action log \(name.shown). Check the path."
    case .logIsFolder(let name):
      "cannot read the action log \(name.shown): it is a folder. Check the path."
    case .notALog(let name, let detail):
      "\(name.shown) is not a wordbook action log (\(detail.shown))."
    case .replayDiffers(let sequence):
      "the replay differs from the recording at action \(sequence). "
        + "The log may come from another version of wordbook."
    case .terminalUnavailable(let detail): "\(detail.shown). Run 'wordbook' from a terminal."
    case .logNotWritten(let name, let detail):
      "the action log \(name.shown) could not be written: \(detail.shown)"
    case .marksNotSaved(let count):
      (count == 1 ? "1 mark was" : "\(count) marks were")
        + " not saved: the database did not confirm them in time."
    case .stopped: "stopped."
    case .serverFailed(let error): error.message(in: .english).shown
    case .outputProtected(let name, let kind, let option):
      "\(name.shown) is \(Self.name(of: kind)); it is not written. Give \(option) another file."
    case .standardOutputProtected(let kind):
      "standard output is \(Self.name(of: kind)); writing to it would destroy it. "
        + "Redirect the output to another file."
    case .outputIsFolder(let name, let option):
      "\(name.shown) is a folder. Give \(option) a file name."
    case .outputNotRegular(let name, let option):
      "\(name.shown) is not a regular file, FIFO or terminal; it is not written. "
        + "Give \(option) another file."
    case .outputReadOnly(let name, let option):
      "\(name.shown) is read-only. Make it writable or give \(option) another file."
    case .cannotOpenOutput(let name, let detail, let option):
      "cannot write \(name.shown): \(detail). "
        + "Check the path and its permissions, or give \(option) another file."
    case .cannotWrite(let name, let detail):
      "cannot write \(name.shown): \(detail). Free some space or choose another file, "
        + "then try again."
    case .cannotWriteStandardOutput(let detail): "cannot write to standard output: \(detail)."
    case .separatorInQuizletCard(let row, let separator, let option):
      "cannot export as quizlet: card \(row) contains the separator \(separator.shown), which "
        + "Quizlet cannot quote. Choose another with \(option) (for example \(option) "
        + "\(option == "--separator" ? "pipe" : "semicolon")), or export as CSV."
    case .other(let text): text.shown
    }
  }

  /// Why a line of a review history was refused, as a clause.
  private static func refusal(_ problem: ReviewLineProblem) -> String {
    switch problem {
    case .missingColumn(let name):
      "the header row has no \(name) column (it needs term, rating and reviewed_at)"
    case .duplicateColumn(let name):
      "the header row names the \(name) column twice (give each column once)"
    case .unmatched(let problem): problem.clause(in: .english)
    case .invalidRating(let rating):
      "the rating must be again, hard, good or easy (or 1 to 4), not '\(rating.shown)'"
    case .invalidTime(let time):
      "the time must be ISO 8601 with a zone, such as 2026-12-01T10:00:00Z, not '\(time.shown)'"
    case .timeOutOfBounds(let time):
      "the time must be from \(Review.timeBounds.lowerBound.iso8601) to "
        + "\(Review.timeBounds.upperBound.iso8601), so that the next review falls by 9999-12-31, "
        + "not '\(time.shown)'"
    case .fieldCount(let found, let expected):
      "the line has \(found == 1 ? "1 field" : "\(found) fields") where the header row has "
        + "\(expected)"
    case .emptyField: "a field is empty (each line needs a term, a rating and a time)"
    case .unreadable(let reason): reason.clause(in: .english).shown
    }
  }

  /// The options that resolve a read error about columns, as a clause; empty for others.
  private static func columnAdvice(_ error: FlashcardReadError) -> String {
    switch error {
    case .ambiguousColumns, .unknownColumn:
      ". Choose them with --term-column and --meaning-column (a header name or a number "
        + "from 1; --state-column for study states), and --header or --no-header"
    default: ""
    }
  }

  private static func name(of kind: ProtectedFiles.Kind) -> String {
    switch kind {
    case .database: "the open database"
    case .databaseFile: "a file of the open database"
    }
  }

  /// A signal's name, as `kill -l` spells it, for the signals that stop a command.
  static func signalName(_ signal: Int32) -> String {
    switch signal {
    case SIGINT: "SIGINT (Ctrl-C)"
    case SIGTERM: "SIGTERM"
    case SIGHUP: "SIGHUP"
    default: "signal \(signal)"
    }
  }

  /// Why `optimize` could not fit the parameters.
  private static func fitFailure(_ error: ParameterFitError) -> String {
    let kept = "Today's parameters are kept."
    switch error {
    case .tooFewReviews(let usable, let needed):
      return "too few reviews to fit parameters: \(usable) can be learned from (reviews a day or "
        + "more after the word's review before, leaving out words whose first interval is rare "
        + "for their first rating), and a fit needs \(needed). " + kept
    case .unreadableLog(let problem, let count):
      let others = count > 1 ? " (\(count) words' reviews are like it)" : ""
      switch problem.kind {
      case .inFuture:
        return "word \(problem.wordID) has a review dated \(problem.time.iso8601), which is "
          + "after now\(others): check the computer's clock, or the times of an imported "
          + "history. " + kept
      case .outOfOrder:
        return "word \(problem.wordID) has a review dated \(problem.time.iso8601), earlier than "
          + "the review recorded before it\(others): a clock was set back, or an imported history "
          + "has wrong times. " + kept
      }
    case .diverged: return "the fit gave numbers that are not finite. " + kept
    case .cancelled: return "the fit was cancelled. " + kept
    }
  }

  /// `value` with `places` decimals, such as `0.4484` (rounded half away from zero).
  static func decimal(_ value: Double, places: Int) -> String {
    guard value.isFinite else { return String(value) }
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let scaled = Int64((abs(value) * scale).rounded())
    let whole = scaled / Int64(scale)
    let fraction = String(scaled % Int64(scale))
    let sign = value < 0 && scaled != 0 ? "-" : ""
    return "\(sign)\(whole)."
      + String(repeating: "0", count: places - fraction.count) + fraction
  }

  /// A fraction from 0 to 1 as a percentage with one decimal, such as `93.4%`.
  static func percent(_ fraction: Double) -> String {
    let tenths = Int((fraction * 1000).rounded())
    return "\(tenths / 10).\(tenths % 10)%"
  }

  /// Header fields in double quotes, separated by commas.
  static func quoted(_ fields: [String]) -> String {
    fields.map { "\"\($0)\"" }.joined(separator: ", ").shown
  }
}
