import Wordbook

/// What the `wordbook` command's subcommands report, in English.
extension EnglishCatalogue {
  func text(_ report: CommandReport) -> String {
    switch report {
    case .studyNeedsTerminal:
      "Run 'wordbook' in a terminal to study, or 'wordbook --help' for the subcommands."
    case .created(let book): "Created wordbook \(book.id): \(book.title.shown)"
    case .added(let term, let meaning, let book):
      "Added \(term.shown) = \(meaning.shown) to wordbook \(book.id) (\(book.title.shown))."
    case .edited(let word, let book):
      "Edited word \(word.id) of wordbook \(book.id) (\(book.title.shown)): "
        + "\(word.term.shown) = \(word.meaning.shown)."
    case .deletedWords(let count, let book):
      "Deleted \(Self.words(count)) of wordbook \(book.id) (\(book.title.shown))."
    case .renamed(let book, let title):
      "Renamed wordbook \(book.id) (\(book.title.shown)) to \(title.shown)."
    case .deletedBook(let book):
      "Deleted wordbook \(book.id) (\(book.title.shown)) and its \(Self.words(book.wordCount))."
    case .stats(let book, let tally):
      "\(book.id)\t\(book.title.shown)\ttotal \(tally.total)\t"
        + "\(StudyState.success.name) \(tally.success)\t\(StudyState.fail.name) \(tally.fail)\t"
        + "\(StudyState.notStudied.name) \(tally.notStudied)"
    case .imported(let file, let format, let summary, let policy, let rejected):
      "Imported \(file.shown) (\(format)) into wordbook \(summary.book.id) "
        + "(\(summary.book.title.shown)): \(summary.added) added, "
        + "\(Self.counted(summary.homonyms, "homonym", "homonyms")) added, "
        + "\(summary.updated) updated, \(summary.unchanged) unchanged, "
        + "\(Self.counted(summary.duplicates, "duplicate", "duplicates")) "
        + "\(policy == .keep ? "added again" : "skipped"), \(rejected) rejected."
    case .media(let media, let folder):
      media.isSupported
        ? "Media: \(Self.counted(media.pictures, "picture", "pictures")) on "
          + Self.counted(media.cardsWithPictures, "card", "cards")
          + (media.pictures > 0 ? " (in \(folder.shown))" : "")
          + ", \(Self.counted(media.skippedSounds, "sound", "sounds")) and "
          + "\(Self.counted(media.skippedOther, "other file", "other files")) skipped"
          + (media.missing > 0 ? ", \(media.missing) missing from the package" : "") + "."
        : "Media: not imported; this package's media map is in a newer Anki format "
          + "that is not supported."
    case .ankiReviews(let reviews):
      "Reviews: \(reviews.imported) imported"
        + (reviews.ofNotesNotImported > 0
          ? ", \(reviews.ofNotesNotImported) of notes not imported skipped" : "")
        + (reviews.withImpossibleTimes > 0
          ? ", \(reviews.withImpossibleTimes) dated before 2006 or in the future skipped" : "")
        + "."
    case .headerDetected(let fields):
      "line 1 was read as the header row (\(Self.quoted(fields))); "
        + "pass --no-header to import it as a card"
    case .rejected(let file, let problem):
      "rejected \(problem.message(in: .english, file: file).shown)"
    case .rejectedNote(let file, let problem):
      "rejected \(problem.message(in: .english, file: file).shown)"
    case .moreRejected(let count):
      "rejected \(Self.counted(count, "more line", "more lines")), not listed"
    case .importing(let count, let percent):
      "importing: \(Self.counted(count, "row", "rows"))"
        + (percent.map { ", \($0)% of the file read" } ?? "")
    case .exported(let count, let book, let file, let format):
      "Exported \(Self.words(count)) of wordbook \(book.id) (\(book.title.shown)) to \(file.shown) "
        + "as \(format)."
    case .replayed(let count, let log, let cutOff):
      "Replayed \(Self.counted(count, "action", "actions")) from \(log.shown)"
        + (cutOff ? " (its cut-off last line was skipped)." : ".")
    case .listeningWarning(let host):
      "warning: listening on \(host.shown), so other machines can reach this server. "
        + "Anyone with the address below can study and change your words; share it only "
        + "with your own devices, on a network you trust."
    case .signInOverPlainHTTP(let host):
      "warning: listening on \(host.shown) over plain HTTP, so passwords and sign-in cookies "
        + "cross the network unencrypted. Put an HTTPS proxy in front of this server, or "
        + "listen on 127.0.0.1."
    case .serving(let url): "Study in a browser: \(url)"
    case .otherDevices:
      "From another device, put this machine's network address in place of 127.0.0.1."
    case .onThisNetwork(let url): "From a phone on this network: \(url)"
    case .qrCodeTooWide(let columns):
      "The address's QR code needs a window \(columns) columns wide: widen this one and start "
        + "serve again to scan it."
    case .pressControlC: "Press Ctrl-C to stop."
    case .replicaUnavailable(let location, let error):
      "warning: the replica \(location.shown) failed, so reads go to the primary until it "
        + "answers again; no mark is lost. \(describe(error))"
    case .replicaAnswering(let location): "The replica \(location.shown) answers reads again."
    case .browserNotOpened(let opener):
      "could not open a browser with \(opener); open the address above yourself."
    case .reviewed(let word, let rating, let state):
      "Rated word \(word.id) (\(word.term.shown)) \(rating.name); "
        + "next review \(state.due?.iso8601 ?? "not scheduled")."
    case .importedReviews(let count, let file, let book):
      "Imported \(count == 1 ? "1 review" : "\(count) reviews") from \(file.shown) into "
        + "wordbook \(book.id) (\(book.title.shown))."
    case .addedUser(let name): "Added user \(name.shown)."
    case .changedPassword(let name): "Changed the password of user \(name.shown)."
    case .deletedUser(let name): "Deleted user \(name.shown) and their wordbooks."
    case .passwordPrompt(let name): "New password for \(name.shown): "
    case .passwordAgainPrompt: "Type it again: "
    case .deleteUserQuestion(let name):
      "Delete user \(name.shown) and all their wordbooks, words and reviews? [y/N] "
    case .deleteBookQuestion(let book):
      "Delete wordbook \(book.id) (\(book.title.shown)) and its "
        + "\(Self.words(book.wordCount))? [y/N] "
    case .reviewStatistics(let book, let statistics):
      "\(book.id)\t\(book.title.shown)\tdue today \(statistics.dueToday)\t"
        + "due this week \(statistics.dueThisWeek)\taverage retrievability "
        + (statistics.averageRetrievability.map(Self.percent) ?? "none")
    case .prediction(let book, let evaluation):
      "\(book.id)\t\(book.title.shown)\t"
        + (evaluation.map {
          "log loss \(Self.decimal($0.logLoss, places: 4))\tRMSE(bins) \(Self.percent($0.rmseBins))"
            + "\titems \($0.itemCount)"
        } ?? "prediction not judged yet: no review a day or more after the one before")
    case .fitting(let percent): "fitting parameters: \(percent)%"
    case .parametersApplied(let current, let fitted):
      "Stored the fitted parameters: RMSE(bins) \(Self.percent(current.rmseBins)) → "
        + "\(Self.percent(fitted.rmseBins)), log loss "
        + "\(Self.decimal(current.logLoss, places: 4)) → \(Self.decimal(fitted.logLoss, places: 4)); "
        + "every word was rescheduled with them."
    case .parametersKept(let current, let fitted):
      "Kept the current parameters: the fitted ones do not lower RMSE(bins) "
        + "(\(Self.percent(fitted.rmseBins)) against \(Self.percent(current.rmseBins)))."
    case .chartWritten(let book, let file):
      "Wrote the review chart of wordbook \(book.id) (\(book.title.shown)) to \(file.shown)."
    }
  }

  private static func words(_ count: Int) -> String { counted(count, "word", "words") }

  /// `count` and the noun, singular for exactly 1 (English has no other form to choose).
  static func counted(_ count: Int, _ singular: String, _ plural: String) -> String {
    "\(count) \(count == 1 ? singular : plural)"
  }
}
