import Testing
import Wordbook
import WordbookAnki
import WordbookInterchange
import WordbookPostgres

@testable import WordbookTerminal

/// Every sentence of the catalogue exists in English and in Korean, and both name the values.
@Suite struct TerminalCatalogueTests {
  private let english = EnglishCatalogue()
  private let korean = KoreanCatalogue()
  private static let book = WordBook(id: WordBook.ID(4242), title: "Marker Title", wordCount: 7)
  private static let path = "/tmp/marker.sqlite"
  /// Values that a sentence naming them must name in both languages.
  private static let markers = ["4242", "Marker Title", path, "marker.csv", "--marker"]

  /// Checks one sentence: Korean is written in Hangul, English is not, and each value the
  /// English names, the Korean names too.
  private func expectBoth(
    _ englishText: String, _ koreanText: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    func hasHangul(_ text: String) -> Bool {
      text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }
    }
    #expect(hasHangul(koreanText), "\(koreanText)", sourceLocation: sourceLocation)
    #expect(!hasHangul(englishText), "\(englishText)", sourceLocation: sourceLocation)
    for marker in Self.markers where englishText.contains(marker) {
      #expect(koreanText.contains(marker), "\(koreanText)", sourceLocation: sourceLocation)
    }
  }

  @Test func everyServiceErrorHasBothLanguages() {
    var reasons: [WordServiceError.Reason] = [
      .bookNotFound(Self.book.id), .wordNotFound(Word.ID(4242)), .titleTaken(Self.book),
      .blankTitle, .blankTerm, .cancelled,
      .reviewTimeOutOfBounds(Timestamp(secondsSince1970: 253_402_300_799)), .userNotFound(4242),
    ]
    reasons += WordServiceError.Operation.allCases.map { .unreachable($0) }
    reasons += Self.unmatchedTerms.map { .reviewedTermNotMatched(line: 4242, $0) }
    reasons.append(.reviewIDTaken(ReviewID(origin: 0, sequence: 0x4242)))
    reasons += [.blankUserName, .reviewHistoryUnreadable, .reviewHistoryClosed]
    let problems: [WordServiceError.StorageProblem] = [
      .busy, .full, .readOnly, .notADatabase, .damaged(detail: "disk image is malformed"),
      .cannotOpen(detail: "unable to open"), .inputOutput(detail: "disk I/O error"),
      .severalNames(links: 2), .newerSchema(version: 99, known: 3), .closed,
      .noWriteAheadLog(mode: "delete"), .folderIsFile(part: "/tmp/marker"),
      .system(detail: "out of memory"), .serverUnreachable(detail: "connection refused"),
    ]
    #expect(Set(problems.map(Self.index)) == Set(0..<14))
    for operation in WordServiceError.Operation.allCases {
      reasons += problems.map {
        .storage(WordServiceError.StorageFailure($0, during: operation, path: Self.path))
      }
    }
    #expect(Set(reasons.map(Self.index)) == Set(0..<8).union(9...15))
    for reason in reasons {
      let error = WordServiceError(.other, reason: reason)
      expectBoth(english.describe(error), korean.describe(error))
    }
    let described = WordServiceError(.other, "Injected by a test.")
    #expect(korean.describe(described) == english.describe(described))
  }

  @Test func everyStoreErrorHasBothLanguages() {
    let errors: [AppError] = [
      .alreadySaving, .blankTitle, .blankTerm, .noBookSelected, .nothingToRedo, .nothingToUndo,
      .service(.bookNotFound(Self.book.id)), .unknownBook(Self.book.id),
      .unknownWord(Word.ID(4242)), .roundIsOver,
    ]
    #expect(Set(errors.map(Self.index)) == Set(0..<10))
    for error in errors {
      expectBoth(english.describe(error), korean.describe(error))
      expectBoth(Messages.english.describe(error), Messages.korean.describe(error))
    }
  }

  @Test func everyUsageErrorHasBothLanguages() {
    var problems: [UsageError.Problem] = [
      .needsFilePath(option: "--marker"), .recordOnlyForStudy(subcommand: "books"),
      .unknownOption("--marker"), .unknownSubcommand("frob"),
      .unknownSubcommandOption(option: "--marker", subcommand: "add", suggestsDashes: true),
      .missingArguments(subcommand: "add"), .tooManyArguments(subcommand: "stats", limit: 1),
      .optionNeedsValue(option: "book"), .optionGivenTwice(option: "book"),
      .invalidWordID("x"), .invalidChoice(option: "format", accepted: ["csv", "tsv"], value: "x"),
      .editNeedsChange, .conflictingHeaderFlags, .importNeedsBook, .invalidPort("x"),
      .hostNeedsAddress, .studyNeedsTerminal, .recordOverScreen,
      .deleteBookNeedsYes(Self.book.id), .argumentNotUTF8(position: 2), .databaseNeedsUser,
      .unknownSetting("--marker"), .invalidParameter(index: 3, value: "--marker"),
      .invalidRating("--marker"), .invalidTime(option: "marker", value: "--marker"),
      .chartNeedsBook, .usersNeedServer, .unknownUsersAction("--marker"),
      .deleteUserNeedsYes("Marker Title"), .peersNeedSignIn, .newKeyNeedsOneLearner,
      .reviewTimeOutOfBounds(option: "marker", value: "--marker"),
      .settingNeedsBook("--marker"), .invalidLanguage("--marker"), .tlsNeedsCertificateAndKey,
      .replicaNeedsSignIn, .replicaNeedsPostgres,
    ]
    problems += SchedulingSetting.allCases.map { .invalidSetting($0, value: "--marker") }
    #expect(Set(problems.map(Self.index)) == Set(0..<38))
    for problem in problems {
      let error = UsageError(problem, usage: "wordbook add BOOK TERM MEANING")
      expectBoth(english.describe(error), korean.describe(error))
      #expect(korean.describe(error).contains("사용법: wordbook add BOOK TERM MEANING"))
      #expect(error.message == english.describe(error))
    }
  }

  @Test func everyCommandProblemHasBothLanguages() {
    var problems: [CommandProblem] = [
      .service(.bookNotFound(Self.book.id)), .usage(UsageError(.editNeedsChange)),
      .bookIDNotFound(Self.book.id, text: "4242"), .bookTitleNotFound("Marker Title"),
      .bookDeletedWhileReading(Self.book), .wordNotInBook(Word.ID(1), Self.book),
      .bookNotDeleted(Self.book.id), .cannotReadFile("marker.csv"),
      .unreadableFlashcards(file: "marker.csv", .ambiguousColumns(firstRow: ["a", "b", "c"])),
      .noCardToImport(file: "marker.csv", format: "csv", rejected: 2),
      .unreadablePackage(file: "marker.csv", .noCollection),
      .noNoteToImport(file: "marker.csv", rejected: 3), .interrupted(signal: 15),
      .exportFailed(format: "csv", .unsupportedSeparator("--marker")),
      .cannotReadLog("marker.csv"), .logIsFolder("marker.csv"),
      .notALog("marker.csv", detail: "line 1 is not JSON"), .replayDiffers(sequence: 4242),
      .terminalUnavailable(detail: "not a terminal"),
      .logNotWritten(name: "marker.csv", detail: "No space left on device"),
      .marksNotSaved(2), .stopped, .serverFailed(.daemonNotStarted(port: 4242)),
      .outputProtected(name: "marker.csv", .database, option: "--output"),
      .standardOutputProtected(.databaseFile),
      .outputIsFolder(name: "marker.csv", option: "--output"),
      .outputNotRegular(name: "marker.csv", option: "--output"),
      .outputReadOnly(name: "marker.csv", option: "--output"),
      .cannotOpenOutput(name: "marker.csv", detail: "Permission denied", option: "--output"),
      .cannotWrite(name: "marker.csv", detail: "No space left on device"),
      .cannotWriteStandardOutput(detail: "No space left on device"),
      .separatorInQuizletCard(row: 4242, separator: "tab", option: "--separator"),
      .passwordsDiffer, .noPassword, .passwordNotUTF8, .userNotDeleted("Marker Title"),
      .replicaNotACopy(replica: "marker.csv"),
    ]
    let accountErrors: [AccountError] = [
      .blankName, .nameTooLong(maximumBytes: 4242), .nameTaken("Marker Title"),
      .unknownUser("Marker Title"),
      .passwordTooShort(minimumCharacters: 4242), .passwordTooLong(maximumBytes: 4242),
      .hashingUnavailable, .hashingFailed, .service(.bookNotFound(Self.book.id)),
    ]
    problems += accountErrors.map { .account($0) }
    var refusals: [ReviewLineProblem] = [
      .missingColumn("rating"), .duplicateColumn("rating"), .invalidRating("--marker"),
      .invalidTime("--marker"), .timeOutOfBounds("--marker"), .unreadable(.unterminatedQuote),
      .fieldCount(found: 4242, expected: 3), .emptyField,
    ]
    refusals += Self.unmatchedTerms.map { .unmatched($0) }
    problems += refusals.map { .reviewLineRefused(file: "marker.csv", line: 4242, $0) }
    let moment = Timestamp(secondsSince1970: 1_800_000_000)
    let fitErrors: [ParameterFitError] = [
      .tooFewReviews(usable: 4242, needed: 8), .diverged, .cancelled,
      .unreadableLog(ReviewLogProblem(.inFuture, wordID: Word.ID(4242), time: moment), count: 1),
      .unreadableLog(ReviewLogProblem(.outOfOrder, wordID: Word.ID(4242), time: moment), count: 2),
    ]
    problems += fitErrors.map { .parameterFitFailed($0) }
    #expect(Set(problems.map(Self.index)) == Set(0..<33).union(34...40))
    for problem in problems {
      expectBoth(english.describe(problem), korean.describe(problem))
    }
    #expect(korean.describe(.other("Injected.")) == english.describe(.other("Injected.")))
  }

  @Test func englishCountsOfOneAreSingular() {
    let summary = ImportSummary(book: Self.book, added: 1, homonyms: 1, duplicates: 1)
    #expect(
      english.text(.imported(file: "a.csv", format: "csv", summary, .skip, rejected: 1))
        .hasSuffix(
          ": 1 added, 1 homonym added, 0 updated, 0 unchanged, 1 duplicate skipped, "
            + "1 rejected."))
    var media = AnkiMediaSummary()
    media.pictures = 1
    media.cardsWithPictures = 1
    media.skippedSounds = 1
    media.skippedOther = 1
    #expect(
      english.text(.media(media, folder: "m")).hasPrefix(
        "Media: 1 picture on 1 card (in m), 1 sound and 1 other file skipped"))
    #expect(
      english.text(.replayed(count: 1, log: "l", cutOff: false)) == "Replayed 1 action from l.")
    #expect(english.text(.moreRejected(1)) == "rejected 1 more line, not listed")
  }

  @Test func everyReportHasBothLanguages() {
    var media = AnkiMediaSummary()
    media.pictures = 2
    media.missing = 1
    var unsupported = AnkiMediaSummary()
    unsupported.isSupported = false
    let reports: [CommandReport] = [
      .studyNeedsTerminal, .created(Self.book),
      .added(term: "gehen", meaning: "to go", Self.book),
      .edited(Word(id: Word.ID(1), term: "gehen", meaning: "to go"), Self.book),
      .deletedWords(2, Self.book), .renamed(Self.book, to: "New"), .deletedBook(Self.book),
      .stats(Self.book, StudyTally(notStudied: 1, success: 2, fail: 3)),
      .imported(
        file: "marker.csv", format: "csv", ImportSummary(book: Self.book, added: 3), .keep,
        rejected: 1),
      .media(media, folder: Self.path), .headerDetected(["term", "meaning"]),
      .rejected(file: "marker.csv", LineProblem(line: 4242, reason: .emptyTerm, text: "--marker")),
      .rejectedNote(file: "marker.csv", AnkiNoteProblem(note: 4242, reason: .emptyTerm)),
      .moreRejected(5), .importing(rows: 5000, percentRead: 42),
      .exported(count: 7, Self.book, file: "marker.csv", format: "csv"),
      .replayed(count: 7, log: "marker.csv", cutOff: true), .listeningWarning(host: "0.0.0.0"),
      .signInOverPlainHTTP(host: "0.0.0.0"),
      .serving(url: "http://127.0.0.1:8080/"), .otherDevices,
      .onThisNetwork(url: "http://192.168.1.20:8080/marker"), .qrCodeTooWide(columns: 57),
      .pressControlC,
      .replicaUnavailable(location: "marker.csv", error: .bookNotFound(Self.book.id)),
      .replicaAnswering(location: "marker.csv"),
      .browserNotOpened(opener: "/usr/bin/xdg-open"), .deleteBookQuestion(Self.book),
      .reviewed(
        Word(id: Word.ID(4242), term: "Marker Title", meaning: "m"), .good,
        MemoryState(
          phase: .review, stability: 3, difficulty: 5,
          due: Timestamp(iso8601: "2026-12-01T10:00:00Z"), lastReview: nil, reviewCount: 1,
          lapseCount: 0)),
      .importedReviews(count: 3, file: "marker.csv", Self.book),
      .ankiReviews(AnkiReviewSummary(imported: 3, ofNotesNotImported: 2, withImpossibleTimes: 1)),
      .reviewStatistics(Self.book, Self.reviewStatistics),
      .chartWritten(Self.book, file: "marker.csv"), .addedUser("Marker Title"),
      .changedPassword(user: "Marker Title"), .deletedUser("Marker Title"),
      .passwordPrompt(user: "Marker Title"), .passwordAgainPrompt,
      .deleteUserQuestion("Marker Title"),
      .prediction(Self.book, Self.evaluation), .prediction(Self.book, nil),
      .fitting(percent: 42), .parametersApplied(current: Self.evaluation, fitted: Self.evaluation),
      .parametersKept(current: Self.evaluation, fitted: Self.evaluation),
    ]
    #expect(Set(reports.map(Self.index)) == Set(0..<43))
    for report in reports {
      expectBoth(english.text(report), korean.text(report))
    }
    expectBoth(
      english.text(.media(unsupported, folder: "")), korean.text(.media(unsupported, folder: "")))
  }

  /// A prediction of 4,242 items.
  private static let evaluation = ParameterEvaluation(
    logLoss: 0.45, rmseBins: 0.05, itemCount: 4242)

  /// Statistics with 2 words due today, 3 this week, recalled at 87.35% on average.
  private static var reviewStatistics: ReviewStatistics {
    var statistics = ReviewStatistics(time: Timestamp(secondsSince1970: 0))
    statistics.forecast[0] = 2
    statistics.forecast[6] = 1
    statistics.averageRetrievability = 0.87349
    return statistics
  }

  @Test func reviewStatisticsLinesKeepTheirDataFieldsInEveryLanguage() {
    let report = CommandReport.reviewStatistics(Self.book, Self.reviewStatistics)
    for text in [english.text(report), korean.text(report)] {
      let fields = text.split(separator: "\t")
      #expect(fields.prefix(2) == ["4242", "Marker Title"])
      #expect(fields.dropFirst(2).map { $0.split(separator: " ").last } == ["2", "3", "87.3%"])
    }
  }

  @Test func statsLinesKeepTheirDataFieldsInEveryLanguage() {
    let report = CommandReport.stats(Self.book, StudyTally(notStudied: 1, success: 2, fail: 3))
    for text in [english.text(report), korean.text(report)] {
      let fields = text.split(separator: "\t")
      #expect(fields.count == 6)
      #expect(fields.prefix(2) == ["4242", "Marker Title"])
      #expect(fields.dropFirst(2).map { $0.split(separator: " ").last } == ["6", "2", "3", "1"])
    }
  }
}

// Each case's position in its enumeration: a case added to the catalogue's types stops these
// switches compiling until the tests above give it an example.
extension TerminalCatalogueTests {
  private static func index(_ reason: WordServiceError.Reason) -> Int {
    switch reason {
    case .bookNotFound: 0
    case .wordNotFound: 1
    case .titleTaken: 2
    case .blankTitle: 3
    case .blankTerm: 4
    case .cancelled: 5
    case .unreachable: 6
    case .storage: 7
    case .described: 8
    case .reviewedTermNotMatched: 9
    case .reviewIDTaken: 10
    case .reviewTimeOutOfBounds: 11
    case .userNotFound: 12
    case .blankUserName: 13
    case .reviewHistoryUnreadable: 14
    case .reviewHistoryClosed: 15
    }
  }

  /// Every way a review can name no word, with the markers in its values.
  private static let unmatchedTerms: [ReviewedTermProblem] = [
    .unknownTerm("Marker Title"), .ambiguousTerm("Marker Title", count: 4242),
    .unknownMeaning("Marker Title", meaning: "--marker"),
  ]

  private static func index(_ problem: WordServiceError.StorageProblem) -> Int {
    switch problem {
    case .busy: 0
    case .full: 1
    case .readOnly: 2
    case .notADatabase: 3
    case .damaged: 4
    case .cannotOpen: 5
    case .inputOutput: 6
    case .severalNames: 7
    case .newerSchema: 8
    case .closed: 9
    case .noWriteAheadLog: 10
    case .folderIsFile: 11
    case .system: 12
    case .serverUnreachable: 13
    }
  }

  private static func index(_ error: AppError) -> Int {
    switch error {
    case .alreadySaving: 0
    case .blankTitle: 1
    case .blankTerm: 2
    case .noBookSelected: 3
    case .nothingToRedo: 4
    case .nothingToUndo: 5
    case .service: 6
    case .unknownBook: 7
    case .unknownWord: 8
    case .roundIsOver: 9
    }
  }

  private static func index(_ problem: UsageError.Problem) -> Int {
    switch problem {
    case .needsFilePath: 0
    case .recordOnlyForStudy: 1
    case .unknownOption: 2
    case .unknownSubcommand: 3
    case .unknownSubcommandOption: 4
    case .missingArguments: 5
    case .tooManyArguments: 6
    case .optionNeedsValue: 7
    case .optionGivenTwice: 8
    case .invalidWordID: 9
    case .invalidChoice: 10
    case .editNeedsChange: 11
    case .conflictingHeaderFlags: 12
    case .importNeedsBook: 13
    case .invalidPort: 14
    case .hostNeedsAddress: 15
    case .studyNeedsTerminal: 16
    case .recordOverScreen: 17
    case .deleteBookNeedsYes: 18
    case .argumentNotUTF8: 19
    case .unknownSetting: 20
    case .invalidSetting: 21
    case .invalidParameter: 22
    case .invalidRating: 23
    case .invalidTime: 24
    case .databaseNeedsUser: 25
    case .chartNeedsBook: 26
    case .usersNeedServer: 27
    case .unknownUsersAction: 28
    case .deleteUserNeedsYes: 29
    case .peersNeedSignIn: 30
    case .reviewTimeOutOfBounds: 31
    case .newKeyNeedsOneLearner: 32
    case .settingNeedsBook: 33
    case .invalidLanguage: 34
    case .tlsNeedsCertificateAndKey: 35
    case .replicaNeedsSignIn: 36
    case .replicaNeedsPostgres: 37
    }
  }

  private static func index(_ problem: CommandProblem) -> Int {
    switch problem {
    case .service: 0
    case .usage: 1
    case .bookIDNotFound: 2
    case .bookTitleNotFound: 3
    case .bookDeletedWhileReading: 4
    case .wordNotInBook: 5
    case .bookNotDeleted: 6
    case .cannotReadFile: 7
    case .unreadableFlashcards: 8
    case .noCardToImport: 9
    case .unreadablePackage: 10
    case .noNoteToImport: 11
    case .interrupted: 12
    case .exportFailed: 13
    case .cannotReadLog: 14
    case .logIsFolder: 15
    case .notALog: 16
    case .replayDiffers: 17
    case .terminalUnavailable: 18
    case .logNotWritten: 19
    case .marksNotSaved: 20
    case .stopped: 21
    case .serverFailed: 22
    case .outputProtected: 23
    case .standardOutputProtected: 24
    case .outputIsFolder: 25
    case .outputNotRegular: 26
    case .outputReadOnly: 27
    case .cannotOpenOutput: 28
    case .cannotWrite: 29
    case .cannotWriteStandardOutput: 30
    case .separatorInQuizletCard: 31
    case .reviewLineRefused: 32
    case .other: 33
    case .account: 34
    case .passwordsDiffer: 35
    case .noPassword: 36
    case .passwordNotUTF8: 37
    case .userNotDeleted: 38
    case .parameterFitFailed: 39
    case .replicaNotACopy: 40
    }
  }

  private static func index(_ report: CommandReport) -> Int {
    switch report {
    case .studyNeedsTerminal: 0
    case .created: 1
    case .added: 2
    case .edited: 3
    case .deletedWords: 4
    case .renamed: 5
    case .deletedBook: 6
    case .stats: 7
    case .imported: 8
    case .media: 9
    case .headerDetected: 10
    case .rejected: 11
    case .moreRejected: 12
    case .importing: 13
    case .exported: 14
    case .replayed: 15
    case .listeningWarning: 16
    case .serving: 17
    case .otherDevices: 18
    case .pressControlC: 19
    case .browserNotOpened: 20
    case .deleteBookQuestion: 21
    case .reviewed: 22
    case .importedReviews: 23
    case .ankiReviews: 24
    case .reviewStatistics: 25
    case .chartWritten: 26
    case .addedUser: 27
    case .changedPassword: 28
    case .deletedUser: 29
    case .passwordPrompt: 30
    case .passwordAgainPrompt: 31
    case .deleteUserQuestion: 32
    case .signInOverPlainHTTP: 33
    case .prediction: 34
    case .fitting: 35
    case .parametersApplied: 36
    case .parametersKept: 37
    case .onThisNetwork: 38
    case .qrCodeTooWide: 39
    case .rejectedNote: 40
    case .replicaUnavailable: 41
    case .replicaAnswering: 42
    }
  }
}
