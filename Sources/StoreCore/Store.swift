import Observation

/// The runtime that owns one state, applies actions to it with a reducer, and runs the effects
/// the reducer returns.
///
/// A store lives on the main actor and is observable with the Observation framework, so a
/// SwiftUI view that reads `store.state` redraws when it changes. Other front ends observe it
/// with ``observe(_:)`` or ``changes()``. The state is mutated in place and never copied:
/// observers are told that it changed and read the current value.
///
/// Actions are processed one at a time, in order. An action sent while another is being
/// processed (by an observer, say) is queued and processed right after it, never re-entrantly.
///
/// ```swift
/// let store = Store(initialState: 0, reducer: Counter())
/// store.send(.increment)
/// store.state  // 1
/// ```
@MainActor
public final class Store<State, Action: Sendable>: Observable {
  @usableFromInline
  struct Pending {
    @usableFromInline var action: Action
    @usableFromInline var origin: ActionOrigin
    /// Collects the tasks of the effects the action starts, for the `StoreTask` of the `send`
    /// that caused it.
    @usableFromInline var tasks: DeferredTasks

    @usableFromInline
    init(action: Action, origin: ActionOrigin, tasks: DeferredTasks) {
      self.action = action
      self.origin = origin
      self.tasks = tasks
    }
  }

  // The path of an action (`send`, `enqueue`, `process`, `start`) is `@inlinable`, and what it
  // touches `@usableFromInline`, so that a client specializes it for its own state and
  // actions: unspecialized, the generic code looked up type metadata several times per action.
  @usableFromInline var currentState: State
  @usableFromInline let reducer: (inout State, Action) -> Effect<Action>
  let executor: any EffectExecutor<Action>
  @usableFromInline let recorder: (any ActionRecorder<Action>)?
  @usableFromInline let checkpoint: ((State) -> String)?
  /// The actions to record for a processed action, when the state applies actions inline
  /// (``RecordsAppliedActions``).
  @usableFromInline let recordedActions: ((Action, State) -> [Action])?
  /// Whether the last recorded entry carries a checkpoint; `nil` before the first entry.
  @usableFromInline var lastEntryHasCheckpoint: Bool?
  /// The number of actions the recorder kept: the sequence number of the last entry.
  @usableFromInline var recordedCount = 0
  /// Whether a checkpoint is due but waits for the actions sent at once to be processed, so
  /// that it shows the state a replay reaches by applying them with their sender.
  @usableFromInline var isCheckpointOwed = false
  /// The actions sent with ``Effect/send(_:)`` and queued, not yet processed.
  @usableFromInline var unprocessedSentCount = 0
  /// Whether the recorder kept the action being processed: the actions it sends at once are
  /// logged as ``ActionOrigin/sent`` only then, since a replay applies them with it, and as
  /// sent by an effect otherwise (a scoped log that leaves their sender out).
  @usableFromInline var isRecordingSender = true
  /// The state's invariant check, asserted in debug builds after every action and the actions
  /// it sent with ``Effect/send(_:)``; `nil` when the state does not adopt
  /// ``InvariantCheckingState``.
  @usableFromInline let invariantViolations: ((State) -> [String])?
  let warn: @MainActor (RuntimeWarning) -> Void
  @usableFromInline let registrar = ObservationRegistrar()
  /// `\Store.state`, made once: in a generic type a key path literal is instantiated from its
  /// mangled pattern every time it is evaluated, which cost most of an action's time.
  @usableFromInline let stateKeyPath: KeyPath<Store, State> = \.state
  /// Whether `state` was read, other than by the store's own observers, since the registrar
  /// was last told of a change. Observation tracking is registered by such a read and ends at
  /// the first change it sees, so when nothing has read the state since the last change
  /// nothing can be tracking it, and the store skips the registrar's locked bookkeeping.
  @usableFromInline var stateMayBeTracked = false
  /// Whether the store is calling its ``observe(_:)`` observers, whose reads are not
  /// Observation tracking.
  @usableFromInline var isNotifyingObservers = false
  @usableFromInline var queue: [Pending] = []
  /// The collector of the last send's effect tasks, reused by the next send when free.
  @usableFromInline var spareTasks = DeferredTasks()
  @usableFromInline var isProcessing = false
  @usableFromInline var observers: [(id: Int, onChange: @MainActor () -> Void)] = []
  var nextObserverID = 0
  /// The observers of single parts, for a state that tracks its parts: a
  /// `PartObservers<State.Part>`, typed where `State: PartTrackingState`.
  var partObserverTable: (any RemovableObservers)?
  /// The observers of single parts of states the state holds, by their key path: a
  /// `PartObservers<Child.Part>` each.
  var childPartObserverTables: [AnyKeyPath: any RemovableObservers] = [:]
  /// Hands the records of changed parts to their observers, the state's first, then those of
  /// the states it holds; set once a part is observed.
  @usableFromInline var notifyChangedParts: (@MainActor () -> Void)?
  var cancellableTasks: [EffectID: [Int: Task<Void, Never>]] = [:]
  var runningTasks: [Int: Task<Void, Never>] = [:]
  var nextTaskToken = 0

  /// The number of actions processed so far; the sequence number of the last one.
  public var processedActionCount: Int { actionCount }
  @usableFromInline var actionCount = 0

  /// The current state. Read-only: only actions change it.
  ///
  /// Reading a part of it, such as `store.state.tally`, borrows the state in place and copies
  /// only that part: the whole state is copied only when it is stored or passed on as a value.
  @inlinable
  public var state: State {
    // A borrowing accessor: a plain getter returned a copy of the whole state, retaining
    // every buffer in it (a cache miss each when they had gone cold) to read one field.
    _read {
      registrar.access(self, keyPath: stateKeyPath)
      if !isNotifyingObservers { stateMayBeTracked = true }
      yield currentState
    }
  }

  /// Creates a store.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - reducer: The reducer that applies actions.
  ///   - recorder: Receives every processed action, to keep a log of the session.
  ///   - checkpoint: Summarizes the state for the recorder's checkpoints.
  ///   - onWarning: Receives runtime warnings; by default they go to standard error.
  public convenience init<R: Reducer>(
    initialState: State,
    reducer: R,
    recorder: (any ActionRecorder<Action>)? = nil,
    checkpoint: ((State) -> String)? = nil,
    onWarning: @escaping @MainActor (RuntimeWarning) -> Void = RuntimeWarning.writeToStandardError
  ) where R.State == State, R.Action == Action {
    self.init(
      initialState: initialState,
      reducer: reducer,
      executor: LiveEffectExecutor<Action>(),
      recorder: recorder,
      checkpoint: checkpoint,
      onWarning: onWarning
    )
  }

  /// Creates a store whose effects run on `executor`, such as a test store's.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - reducer: The reducer that applies actions.
  ///   - executor: Runs the asynchronous work of effects.
  ///   - recorder: Receives every processed action.
  ///   - checkpoint: Summarizes the state for the recorder's checkpoints.
  ///   - onWarning: Receives runtime warnings.
  public init<R: Reducer>(
    initialState: State,
    reducer: R,
    executor: any EffectExecutor<Action>,
    recorder: (any ActionRecorder<Action>)? = nil,
    checkpoint: ((State) -> String)? = nil,
    onWarning: @escaping @MainActor (RuntimeWarning) -> Void = RuntimeWarning.writeToStandardError
  ) where R.State == State, R.Action == Action {
    self.currentState = initialState
    self.reducer = reducer.reduce(into:action:)
    self.executor = executor
    self.recorder = recorder
    self.checkpoint = checkpoint
    self.recordedActions =
      State.self is any RecordsAppliedActions<Action>.Type
      ? { action, state in
        (state as? any RecordsAppliedActions<Action>)?.recordedActions(for: action) ?? [action]
      } : nil
    self.warn = onWarning
    self.invariantViolations =
      State.self is any InvariantCheckingState.Type
      ? { ($0 as? any InvariantCheckingState)?.invariantViolations ?? [] } : nil
  }

  /// Sends an action: the reducer applies it to the state and the store starts its effects.
  ///
  /// - Parameter action: The action to process.
  /// - Returns: The effects the action started, to await or cancel.
  @inlinable
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    enqueue(action, origin: .caller)
  }

  /// Processes an action sent by an effect, exactly as the live runtime does. Test stores call
  /// this when a test asserts an action that an effect sent.
  @inlinable
  @discardableResult
  public func receive(_ action: Action) -> StoreTask {
    enqueue(action, origin: .effect)
  }

  /// Calls `onChange` on the main actor after every action the store processes, observers in
  /// the order they were added.
  ///
  /// Read `store.state` inside `onChange` for the new state; don't keep a copy of it past the
  /// call, or the next change has to copy the whole state.
  ///
  /// - Parameter onChange: The observer.
  /// - Returns: A token for ``removeObserver(_:)``.
  @discardableResult
  public func observe(_ onChange: @escaping @MainActor () -> Void) -> StoreObserverToken {
    nextObserverID += 1
    observers.append((nextObserverID, onChange))
    return StoreObserverToken(id: nextObserverID)
  }

  /// Stops calling an observer.
  public func removeObserver(_ token: StoreObserverToken) {
    observers.removeAll { $0.id == token.id }
    partObserverTable?.remove(id: token.id)
    for table in childPartObserverTables.values { table.remove(id: token.id) }
  }

  /// A stream with an element after each change of the state, for front ends that redraw in
  /// a loop. Changes that come faster than the loop reads them are coalesced into one.
  ///
  /// ```swift
  /// for await _ in store.changes() { render(store.state) }
  /// ```
  public func changes() -> AsyncStream<Void> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Void.self, bufferingPolicy: .bufferingNewest(1))
    let token = observe { continuation.yield() }
    continuation.onTermination = { _ in
      Task { @MainActor [weak self] in self?.removeObserver(token) }
    }
    return stream
  }

  /// The number of effects whose asynchronous work is still running.
  public var runningEffectCount: Int { runningTasks.count }

  /// Waits until no effect is running, including effects started by the actions that
  /// running effects send meanwhile.
  public func settle() async {
    while let task = runningTasks.values.first {
      await task.value
    }
  }

  @inlinable
  func enqueue(_ action: Action, origin: ActionOrigin) -> StoreTask {
    // Most actions start no effect and their `StoreTask` is dropped at once: the collector
    // the last send used is reused when nothing else holds it and it holds no task, which is
    // indistinguishable from a new one and spares an allocation per action.
    if !isKnownUniquelyReferenced(&spareTasks) || !spareTasks.tasks.isEmpty {
      spareTasks = DeferredTasks()
    }
    let tasks = spareTasks
    guard !isProcessing else {
      queue.append(Pending(action: action, origin: origin, tasks: tasks))
      return StoreTask(deferred: tasks)
    }
    isProcessing = true
    defer { isProcessing = false }
    process(action, origin: origin, tasks: tasks)
    var index = 0
    while index < queue.count {
      let pending = queue[index]
      index += 1
      process(pending.action, origin: pending.origin, tasks: pending.tasks)
    }
    #if DEBUG
      // Checked once the actions sent with `.send` are processed too: a child's delegate
      // action finishes what the action that sent it began.
      checkInvariants(after: queue.last?.action ?? action)
    #endif
    queue.removeAll(keepingCapacity: true)
    return StoreTask(deferred: tasks)
  }

  /// Asserts the state's invariants, naming the last action processed.
  @usableFromInline
  func checkInvariants(after action: Action) {
    guard let invariantViolations else { return }
    let violations = invariantViolations(currentState)
    assert(
      violations.isEmpty,
      "The state breaks its invariants after action \(actionCount) (\(action)): "
        + violations.joined(separator: "; "))
  }

  @inlinable
  func process(_ action: Action, origin: ActionOrigin, tasks: DeferredTasks) {
    actionCount += 1
    if origin == .sent { unprocessedSentCount -= 1 }
    let effect: Effect<Action>
    if stateMayBeTracked {
      stateMayBeTracked = false
      effect = registrar.withMutation(of: self, keyPath: stateKeyPath) {
        reducer(&currentState, action)
      }
    } else {
      effect = reducer(&currentState, action)
    }
    if recorder != nil {
      isRecordingSender = record(action, origin: origin, sends: effect.sendsActions)
    }
    isNotifyingObservers = true
    for observer in observers { observer.onChange() }
    notifyChangedParts?()
    isNotifyingObservers = false
    start(effect, cancelIDs: [], tasks: tasks)
  }

  /// Records `action`, or the actions it stands for, and returns whether the recorder kept any.
  @usableFromInline
  func record(_ action: Action, origin: ActionOrigin, sends: Bool) -> Bool {
    guard let recorder else { return false }
    let actions = recordedActions?(action, currentState) ?? [action]
    let kept = actions.filter(recorder.records)
    guard !kept.isEmpty else { return false }
    // The first entry always has a checkpoint, so that a replay from the wrong initial state
    // fails at once; ``finishRecording()`` adds one after the last. Of the actions applied in
    // one pass, only the last can have one: the state is known after all of them.
    let isFirst = lastEntryHasCheckpoint == nil
    let reachesInterval = recorder.checkpointInterval.map { interval in
      (recordedCount + kept.count) / interval > recordedCount / interval
    }
    for (index, action) in kept.enumerated() {
      recordedCount += 1
      var entry = ActionLogEntry(sequence: recordedCount, origin: origin, action: action)
      if index == kept.count - 1, let reachesInterval, let checkpoint,
        isFirst || reachesInterval || isCheckpointOwed
      {
        // A replay applies the actions sent at once with their sender: the checkpoint waits
        // for the last of them.
        isCheckpointOwed = sends || unprocessedSentCount > 0
        if !isCheckpointOwed { entry.checkpoint = checkpoint(currentState) }
      }
      lastEntryHasCheckpoint = entry.checkpoint != nil
      recorder.record(entry)
    }
    return true
  }

  /// Gives the recorder a checkpoint of the current state after the last action, unless that
  /// action already has one, so that a replay checks the whole log however short it is.
  ///
  /// Call it when the session ends. A store whose recorder takes no checkpoints, or that
  /// processed no action, records nothing; calling it again records nothing more.
  public func finishRecording() {
    guard let recorder, recorder.checkpointInterval != nil, let checkpoint,
      lastEntryHasCheckpoint == false
    else { return }
    recorder.recordCheckpoint(checkpoint(currentState), sequence: recordedCount)
    lastEntryHasCheckpoint = true
  }
}
