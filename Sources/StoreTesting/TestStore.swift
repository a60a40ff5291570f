import StoreCore
import Testing

/// A store for tests: a real `StoreCore.Store` whose effects run on a
/// ``TestEffectExecutor``, so that every state change and every action an effect sends back is
/// asserted, in order.
///
/// ```swift
/// @MainActor @Test func incrementing() async {
///   await withTestStore(initialState: Counter.State(), reducer: Counter()) { store in
///     store.send(.incrementTapped) { $0.count = 1 }
///     await store.receive(.saved(.success(1))) { $0.lastSaved = 1 }
///   }
/// }
/// ```
///
/// Failures are recorded as Swift Testing issues at the line of the step that failed; a state
/// mismatch shows a line diff of the whole state (`-` expected, `+` actual).
///
/// The store is the live runtime: actions a reducer returns with `.send` are processed within
/// the same step, exactly as in the app, so a step's closure describes their changes too, and
/// ``sentActions`` lists them (a child feature's delegate actions, say). Only
/// the actions that asynchronous work sends are held, in the order they arrive, until the test
/// receives them. ``receive(_:sourceLocation:assert:)`` takes the oldest held action (waiting
/// for one when none has arrived) and fails when it is not the expected one; with
/// ``Exhaustivity/off`` it skips non-matching actions, processing them unchecked, until one
/// matches. Effects that answer in an order of their own must be asserted in that order, so
/// cancel or chain such effects in the reducer when the order matters.
///
/// A value a state marks `StoreCore`'s `Bookkeeping` stays out of the comparison and of the
/// diffs, in whatever state holds it, so a step describes only what a test outside the state's
/// module can set.
@MainActor
public final class TestStore<State: Equatable, Action: Sendable> {
  struct Step {
    var firstSequence: Int
    var name: String
    var location: SourceLocation
  }

  /// The real store under test.
  public let store: Store<State, Action>
  /// How strictly the test is checked.
  public var exhaustivity: Exhaustivity {
    get { ending.withLock { $0.exhaustivity } }
    set { ending.withLock { $0.exhaustivity = newValue } }
  }
  /// How long ``receive(_:sourceLocation:assert:)`` and ``finish(sourceLocation:)`` wait for an
  /// effect before failing: a safety net for effects that never finish, `nil` for no limit.
  /// Effects whose work completes are waited for by event, never by the clock.
  public var effectTimeout: Duration?
  let executor: TestEffectExecutor<Action>
  /// Every action the store processed, as a log of the session would record it.
  let log = ActionLog<Action>()
  var steps: [Step] = []
  /// The actions the last step's action sent at once with `Effect.send`, which the step
  /// applied, in the order they were processed: what a feature asked of its parent through a
  /// delegate action, for a test to check.
  ///
  /// ```swift
  /// store.send(.books(.view(.selectBook(id)))) {
  ///   $0.session.bookID = id
  ///   $0.session.wordsStatus = .loading
  /// }
  /// #expect(store.sentActions == [.books(.delegate(.openBook(id, .loading)))])
  /// ```
  public private(set) var sentActions: [Action] = []
  /// Whether ``finish(sourceLocation:)`` ran.
  var isFinished: Bool {
    get { ending.withLock { $0.isFinished } }
    set { ending.withLock { $0.isFinished = newValue } }
  }
  /// What the `deinit` reads, off the main actor, to tell whether the test forgot to finish.
  private nonisolated let ending: Locked<(exhaustivity: Exhaustivity, isFinished: Bool)>
  let warnings: WarningSink
  /// Where the store was made: where a store dropped without ``finish(sourceLocation:)``
  /// reports the work it left.
  let creation: SourceLocation

  /// The current state of the store.
  public var state: State { store.state }

  /// Creates a test store.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - reducer: The reducer under test.
  ///   - exhaustivity: How strictly to check; ``Exhaustivity/on`` by default.
  ///   - effectTimeout: The safety net for effects that never finish.
  ///   - sourceLocation: Where the store was made (filled in for you).
  public init<R: Reducer>(
    initialState: State,
    reducer: R,
    exhaustivity: Exhaustivity = .on,
    effectTimeout: Duration? = .seconds(30),
    sourceLocation: SourceLocation = #_sourceLocation
  ) where R.State == State, R.Action == Action {
    let executor = TestEffectExecutor<Action>()
    let warnings = WarningSink(location: sourceLocation)
    self.executor = executor
    self.warnings = warnings
    creation = sourceLocation
    ending = Locked((exhaustivity, false))
    self.effectTimeout = effectTimeout
    self.store = Store(
      initialState: initialState,
      reducer: reducer,
      executor: executor,
      recorder: log,
      onWarning: { warnings.report($0) }
    )
    warnings.locate = { [weak self] origin in self?.location(ofEffectMadeAt: origin) }
  }

  /// A store dropped without ``finish(sourceLocation:)`` while an effect still runs or an action
  /// it sent is not received fails, as `finish()` would have, and its effects are cancelled: a
  /// test that forgot to finish must not pass with work in flight.
  ///
  /// Not isolated, so the failure is recorded in the test that drops the store (an isolated
  /// `deinit` runs without the test's task-local context).
  deinit {
    let (exhaustivity, isFinished) = ending.withLock { $0 }
    let (running, unreceived) = executor.outstanding.withLock { $0 }
    guard !isFinished, exhaustivity == .on, running + unreceived > 0 else { return }
    let message =
      "The test store was dropped without finish() while \(running) effects ran and "
      + "\(unreceived) actions they sent were not received: end the test with "
      + "`await store.finish()`, or use withTestStore."
    Issue.record(Comment(rawValue: message), sourceLocation: creation)
    Task { @MainActor [executor] in executor.cancelAll() }
  }

  /// The location of the step that started the running effect made at `origin`.
  private func location(ofEffectMadeAt origin: CodeLocation) -> SourceLocation? {
    executor.runningEffects.last { $0.origin == origin }
      .flatMap { step(containing: $0.actionSequence)?.location }
  }

  /// Sends an action and checks the state change it makes.
  ///
  /// - Parameters:
  ///   - action: The action to send.
  ///   - sourceLocation: Where the step is written (filled in for you).
  ///   - updateExpectedState: Changes the state before the action into the state expected
  ///     after it. Omit it when the action must not change the state.
  /// - Returns: The effects the action started.
  @discardableResult
  public func send(
    _ action: Action,
    sourceLocation: SourceLocation = #_sourceLocation,
    assert updateExpectedState: ((inout State) throws -> Void)? = nil
  ) -> StoreTask {
    let name = "send(\(shortDescription(of: action)))"
    if isFinished {
      Issue.record("\(name) after finish(): make a new test store.", sourceLocation: sourceLocation)
    }
    warnings.location = sourceLocation
    let before: State? = exhaustivity == .on ? store.state : nil
    steps.append(
      Step(firstSequence: store.processedActionCount + 1, name: name, location: sourceLocation))
    let recorded = log.entries.count
    let task = store.send(action)
    noteSentActions(after: recorded)
    checkState(before: before, step: name, update: updateExpectedState, location: sourceLocation)
    return task
  }

  /// Keeps the actions sent at once among those the store recorded after the first `count`.
  func noteSentActions(after count: Int) {
    sentActions = log.entries[count...].filter { $0.origin == .sent }.map(\.action)
  }

  /// Checks the state after a step against the expected change.
  func checkState(
    before: State?,
    step: String,
    update: ((inout State) throws -> Void)?,
    location: SourceLocation
  ) {
    let actual = store.state
    var expected: State
    if let before {
      expected = before
    } else {
      guard update != nil else { return }
      expected = actual
    }
    if let update {
      do {
        try update(&expected)
      } catch {
        Issue.record(error, "The closure of \(step) threw.", sourceLocation: location)
        return
      }
    }
    if let before, update != nil, expected == before, actual == before {
      Issue.record(
        "The closure of \(step) changed nothing, and neither did the action. Remove the closure.",
        sourceLocation: location)
      return
    }
    guard expected != actual else { return }
    let diff = LineDiff(expected: textDump(of: expected), actual: textDump(of: actual)).rendered
    let sent =
      sentActions.isEmpty
      ? ""
      : "\nThe step's action sent at once: "
        + sentActions.map { shortDescription(of: $0) }.joined(separator: ", ")
    let headline =
      if update == nil {
        "\(step) changed the state, but no closure says how (- before, + after):"
      } else if let before, expected == before {
        "The closure of \(step) changed nothing, but the state changed (- expected, + actual):"
      } else {
        "The state after \(step) is not the expected one (- expected, + actual):"
      }
    Issue.record("\(headline)\n\(diff)\(sent)", sourceLocation: location)
  }

  /// The step whose processing gave `sequence` its number.
  func step(containing sequence: Int) -> Step? {
    steps.last { $0.firstSequence <= sequence }
  }
}

/// Turns runtime warnings of the store, such as an error thrown by an effect without a catch
/// handler, into test failures at the step that started the effect, or else the latest step.
@MainActor
final class WarningSink {
  var location: SourceLocation
  var locate: ((CodeLocation) -> SourceLocation?)?

  init(location: SourceLocation) {
    self.location = location
  }

  func report(_ warning: RuntimeWarning) {
    Issue.record(
      "Runtime warning: \(warning)", sourceLocation: locate?(warning.origin) ?? location)
  }
}
