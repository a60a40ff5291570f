extension Reducer {
  /// Applies `action` to `state`, then the actions its effect sends at once with
  /// ``Effect/send(_:)``, in the order a ``Store`` processes them within one `send`, and
  /// returns the effects left to run.
  ///
  /// A parent that applies a child's actions inline, in its own pass, calls it so that the
  /// child's `delegate` actions are applied in the same pass; a test of a reducer alone calls
  /// it to see the state a store would show after the step.
  ///
  /// For a counter whose `.set` sends `.increment` at once:
  ///
  /// ```swift
  /// var count = 0
  /// let effect = counter.apply(.set(4), to: &count)
  /// count  // 5
  /// effect.isNone  // true
  /// ```
  ///
  /// - Parameters:
  ///   - action: The action to apply.
  ///   - state: The state to change.
  /// - Returns: The asynchronous work and cancellations the actions asked for.
  @discardableResult
  public func apply(_ action: Action, to state: inout State) -> Effect<Action> {
    var pending = [action]
    var index = 0
    var rest: [Effect<Action>] = []
    while index < pending.count {
      let effect = reduce(into: &state, action: pending[index])
      index += 1
      rest.append(effect.removingSentActions(into: &pending))
    }
    return .merge(rest)
  }
}

extension Effect {
  /// Whether this effect sends an action at once with ``send(_:)``.
  @usableFromInline
  var sendsActions: Bool {
    switch operation {
    case .send: true
    case .merge(let effects): effects.contains { $0.sendsActions }
    case .none, .run, .cancellable, .cancel: false
    }
  }

  /// The actions this effect sends at once with ``send(_:)``, in the order a store processes
  /// them: what a test of a child reducer alone checks for the `delegate` actions it sends.
  ///
  /// ```swift
  /// var count = 0
  /// #expect(counter.reduce(into: &count, action: .set(4)).sentActions == [.increment])
  /// ```
  public var sentActions: [Action] {
    var sent: [Action] = []
    _ = removingSentActions(into: &sent)
    return sent
  }

  /// This effect without the actions it sends at once, which are appended to `sent` in the
  /// order a store processes them.
  @usableFromInline
  func removingSentActions(into sent: inout [Action]) -> Effect {
    switch operation {
    case .send(let action):
      sent.append(action)
      return .none
    case .merge(let effects):
      return .merge(effects.map { $0.removingSentActions(into: &sent) })
    case .none, .run, .cancellable, .cancel:
      return self
    }
  }
}
