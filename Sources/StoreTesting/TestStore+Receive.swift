import StoreCore
import Testing

extension TestStore {
  /// Takes the oldest action an effect sent and not yet received (waiting for one when none
  /// has arrived), fails when it is not `expected`, processes it and checks the state change it
  /// makes.
  ///
  /// Actions are received in the order they arrived, never searched for: when two effects
  /// answer, the test asserts the first answer first. With ``Exhaustivity/off``, actions
  /// that do not match are processed unchecked and skipped until one matches.
  ///
  /// - Parameters:
  ///   - expected: The action the effect must have sent.
  ///   - sourceLocation: Where the step is written (filled in for you).
  ///   - updateExpectedState: Changes the state before the action into the state expected
  ///     after it. Omit it when the action must not change the state.
  public func receive(
    _ expected: Action,
    sourceLocation: SourceLocation = #_sourceLocation,
    assert updateExpectedState: ((inout State) throws -> Void)? = nil
  ) async where Action: Equatable {
    await receive(
      describedAs: shortDescription(of: expected),
      expectedDump: textDump(of: expected),
      matching: { $0 == expected },
      location: sourceLocation,
      update: { _ in updateExpectedState }
    )
  }

  /// Takes the oldest action an effect sent and not yet received (waiting for one when none
  /// has arrived), fails when `predicate` rejects it, processes it and checks the state change
  /// it makes.
  ///
  /// ```swift
  /// await store.receive("wordsLoaded", matching: { if case .wordsLoaded = $0 { true } else { false } }) {
  ///   $0.isLoading = false
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - description: Names the expected action in failure messages.
  ///   - predicate: Returns whether an action is the expected one.
  ///   - sourceLocation: Where the step is written (filled in for you).
  ///   - updateExpectedState: Changes the state before the action into the state expected
  ///     after it.
  public func receive(
    _ description: String,
    matching predicate: (Action) -> Bool,
    sourceLocation: SourceLocation = #_sourceLocation,
    assert updateExpectedState: ((inout State) throws -> Void)? = nil
  ) async {
    await receive(
      describedAs: description,
      expectedDump: description,
      matching: predicate,
      location: sourceLocation,
      update: { _ in updateExpectedState }
    )
  }

  /// Takes the oldest action an effect sent and not yet received (waiting for one when none
  /// has arrived), fails unless `extract` finds a value in it, processes it and checks the
  /// state change, which `updateExpectedState` describes with that value: for an answer that
  /// carries what the service assigned, such as a new word and its ID.
  ///
  /// ```swift
  /// let saved = await store.receive("wordSaved", extracting: { action in
  ///   if case .study(.wordSaved(_, .success(let word))) = action { word } else { nil }
  /// }) { state, word in
  ///   state.append(word)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - description: Names the expected action in failure messages.
  ///   - extract: The value the expected action carries, or `nil` for another action.
  ///   - sourceLocation: Where the step is written (filled in for you).
  ///   - updateExpectedState: Changes the state before the action into the state expected
  ///     after it, given the value. Omit it when the action must not change the state.
  /// - Returns: The value, or `nil` when the expected action did not come (a recorded failure).
  @discardableResult
  public func receive<Value>(
    _ description: String,
    extracting extract: (Action) -> Value?,
    sourceLocation: SourceLocation = #_sourceLocation,
    assert updateExpectedState: ((inout State, Value) throws -> Void)? = nil
  ) async -> Value? {
    let matched = await receive(
      describedAs: description,
      expectedDump: description,
      matching: { extract($0) != nil },
      location: sourceLocation,
      update: { action in
        guard let updateExpectedState, let value = extract(action) else { return nil }
        return { try updateExpectedState(&$0, value) }
      }
    )
    return matched.flatMap(extract)
  }

  /// Receives the first action `predicate` accepts and returns it; `update` makes the closure
  /// that describes its change from the action itself.
  @discardableResult
  private func receive(
    describedAs description: String,
    expectedDump: String,
    matching predicate: (Action) -> Bool,
    location: SourceLocation,
    update: (Action) -> ((inout State) throws -> Void)?
  ) async -> Action? {
    let name = "receive(\(description))"
    warnings.location = location
    while true {
      guard let received = await nextReceivedAction(for: name, location: location) else {
        return nil
      }
      if predicate(received.action) {
        process(received.action, step: name, location: location, update: update(received.action))
        return received.action
      }
      if exhaustivity == .on {
        let diff = LineDiff(expected: expectedDump, actual: textDump(of: received.action))
        Issue.record(
          "\(name) got another action (- expected, + received):\n\(diff.rendered)",
          sourceLocation: location)
        process(received.action, step: name, location: location, update: nil, checks: false)
        return nil
      }
      process(received.action, step: name, location: location, update: nil, checks: false)
    }
  }

  private func process(
    _ action: Action,
    step name: String,
    location: SourceLocation,
    update: ((inout State) throws -> Void)?,
    checks: Bool = true
  ) {
    let before: State? = checks && exhaustivity == .on ? store.state : nil
    steps.append(
      Step(firstSequence: store.processedActionCount + 1, name: name, location: location))
    let recorded = log.entries.count
    store.receive(action)
    noteSentActions(after: recorded)
    if checks {
      checkState(before: before, step: name, update: update, location: location)
    }
  }

  private func nextReceivedAction(
    for name: String,
    location: SourceLocation
  ) async -> TestEffectExecutor<Action>.ReceivedAction? {
    while true {
      if let received = executor.takeReceivedAction() { return received }
      if executor.runningEffects.isEmpty {
        Issue.record(
          "\(name) found no action: every effect has finished and none sent one.",
          sourceLocation: location)
        return nil
      }
      guard await executor.nextEvent(timeout: effectTimeout) else {
        Issue.record(
          "\(name) timed out after \(effectTimeout.map { "\($0)" } ?? "") waiting for \(runningEffectsDescription).",
          sourceLocation: location)
        return nil
      }
    }
  }

  /// The running effects, with the steps that started them, for failure messages.
  var runningEffectsDescription: String {
    executor.runningEffects.map { effect in
      let start = step(containing: effect.actionSequence)
      let started = start.map { " started by \($0.name) at \(Self.describeLocation($0.location))" }
      return "the effect made at \(effect.origin)\(started ?? "")"
    }.joined(separator: ", ")
  }

  static func describeLocation(_ location: SourceLocation) -> String {
    "\(location.fileID):\(location.line)"
  }
}
