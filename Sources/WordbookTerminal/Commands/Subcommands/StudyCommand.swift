import StoreCore
import Wordbook

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `wordbook study [BOOK] [--mode MODE]`: the study screen on a store, on the book named or
/// the last one studied, in the study mode given (all words unless told), recorded when
/// `--record` was given.
struct StudyCommand: Subcommand {
  static let name = "study"
  static let arguments = "[BOOK] [--mode all|not-known|failed|due]"
  static let summary = "open the study screen on a wordbook"
  static var acceptsRecording: Bool { true }
  static var handlesSignals: Bool { true }

  /// The study modes as `--mode` names them, in the order `m` goes through them.
  enum Mode: String, CaseIterable {
    case all
    case notKnown = "not-known"
    case failed
    case due

    var studyMode: StudyMode {
      switch self {
      case .all: .all
      case .notKnown: .excludeSuccess
      case .failed: .failedOnly
      case .due: .due
      }
    }
  }

  /// The book to open, by ID or title; `nil` for the last one studied, else the first.
  var book: String?
  /// The study mode the screen opens in; `nil` for the one the book was left in.
  var mode: StudyMode?

  func run(in session: CommandSession) async throws(CommandFailure) {
    guard isatty(STDIN_FILENO) == 1, session.out.isTerminal else {
      throw .usage(.studyNeedsTerminal)
    }
    try await session.study(book: book, mode: mode)
  }
}

extension StudyCommand {
  init(parsing arguments: SubcommandArguments) throws(UsageError) {
    let split = try arguments.split(required: 0, optional: 1, options: ["mode"])
    book = split.values.first
    let mode = try arguments.choice(split.options["mode"], of: "mode", as: Mode.self)
    self.mode = mode?.studyMode
  }
}

extension CommandSession {
  /// `wordbook` on a terminal, or `wordbook study`: the study screen on a store, recorded when
  /// `--record` was given.
  fileprivate func study(book reference: String?, mode: StudyMode? = nil)
    async throws(CommandFailure)
  {
    if recording?.isStandardOutput == true {
      throw .usage(.recordOverScreen)
    }
    if let reference { _ = try await book(reference) }
    // One draw from the system generator seeds the store's own generator; a recorded session
    // writes it in the log's header, so that its replay shuffles the same way.
    let seed = UInt64.random(in: 0...UInt64.max)
    let recorder = recording.map {
      JSONLinesActionRecorder<AppAction>(fileDescriptor: $0.descriptor, seed: seed)
    }
    // The learner's preferences (typing, saying new cards), as the last session left them.
    let values = service as? any FrontEndValueStore
    var screen = StudyScreen(app: AppState(seed: seed), book: reference, mode: mode)
    if let values {
      screen.screen.cards.preferences = try await call { () async throws(WordServiceError) in
        try await values.studyPreferences()
      }
    }
    // The log records the app's actions alone, so it replays through `AppReducer` as ever.
    let store = Store(
      initialState: screen,
      reducer: StudyScreenReducer(app: AppReducer(service: service)),
      recorder: recorder.map { ScopedActionRecorder($0, action: \.appAction) },
      checkpoint: { $0.app.checkpointSummary })
    let language = Language(environment: environment)
    let color = (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    let app = StudyApp(
      store: store, renderer: StudyScreenRenderer(messages: language.messages, color: color),
      searchPath: environment["PATH"],
      values: values)
    // Marks, words and edits made elsewhere (another terminal, a browser, a `wordbook`
    // command) show on the screen as they are committed.
    store.send(.app(.study(.view(.subscribeToChanges))))
    let ending: TerminalSession.Ending
    do {
      ending = try await TerminalSession().run(app)
    } catch {
      store.send(.app(.study(.view(.unsubscribeFromChanges))))
      throw .runtime(.terminalUnavailable(detail: error.message))
    }
    store.send(.app(.study(.view(.unsubscribeFromChanges))))
    await app.finishKeepingPreferences()
    let lost: Int
    switch ending {
    case .quit: lost = app.marksLeftUnsaved
    case .endOfInput, .interrupted, .signal: lost = await lastSaveAttempt(store)
    }
    store.finishRecording()
    if let error = recorder?.writeError {
      recording?.discard()
      throw .runtime(
        .logNotWritten(name: recording?.name ?? "", detail: "\(error)"))
    }
    let status: Int32
    if case .signal(let number) = ending { status = 128 + number } else { status = 1 }
    if lost > 0 {
      throw CommandFailure(status: status, problem: .marksNotSaved(lost))
    }
    if case .signal = ending { throw CommandFailure(status: status, problem: .stopped) }
  }

  /// Tries once more, within a short deadline, to save the marks of a session ended by a
  /// signal, Ctrl-C or the end of input, where nobody can be asked.
  ///
  /// - Returns: How many marks are still not saved.
  private func lastSaveAttempt(_ store: Store<StudyScreen, StudyScreenAction>) async -> Int {
    if !store.state.app.session.unsavedMarks.isEmpty {
      store.send(.app(.study(.view(.retryUnsavedMarks))))
    }
    await store.wait(timeout: .seconds(3)) {
      !$0.app.hasUnsavedMarks && !$0.app.session.isSavingWord
    }
    return store.state.app.marksNotYetSaved
  }
}
