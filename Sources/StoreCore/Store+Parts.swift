import Observation

extension Store where State: PartTrackingState {
  /// Calls `onChange` on the main actor after every action that changes one of `parts`,
  /// observers in the order they were added.
  ///
  /// An action that changes no observed part calls nothing, and an action that changes one
  /// card of a million calls that card's observers: the cost per action is O(parts changed
  /// and observers called), whatever the number of observers.
  ///
  /// ```swift
  /// store.observe([.score, .cell(3)]) { redrawCell(3) }
  /// ```
  ///
  /// - Parameters:
  ///   - parts: The parts of the state the observer shows.
  ///   - onChange: The observer; read `store.state` inside it for the new values.
  /// - Returns: A token for ``removeObserver(_:)``.
  @discardableResult
  public func observe(
    _ parts: [State.Part], _ onChange: @escaping @MainActor () -> Void
  ) -> StoreObserverToken {
    let table = partObservers()
    nextObserverID += 1
    table.add(id: nextObserverID, parts: parts, onChange: onChange)
    return StoreObserverToken(id: nextObserverID)
  }

  /// Calls `onChange` on the main actor after every action that changes a part `includes`
  /// accepts, such as every part but one, or every row of a list.
  ///
  /// ```swift
  /// store.observe(where: { $0 != .score }, redrawBoard)
  /// ```
  ///
  /// Each changed part is tested, so the cost per action grows with the parts it changed
  /// times the observers added this way; prefer ``observe(_:_:)`` for a known set of parts.
  ///
  /// - Parameters:
  ///   - includes: Whether the observer shows a part.
  ///   - onChange: The observer.
  /// - Returns: A token for ``removeObserver(_:)``.
  @discardableResult
  public func observe(
    where includes: @escaping (State.Part) -> Bool,
    _ onChange: @escaping @MainActor () -> Void
  ) -> StoreObserverToken {
    let table = partObservers()
    nextObserverID += 1
    table.add(id: nextObserverID, where: includes, onChange: onChange)
    return StoreObserverToken(id: nextObserverID)
  }

  /// Reads from the state what `body` returns; inside Observation tracking (a SwiftUI view's
  /// body, `withObservationTracking`) only a change to one of `parts` invalidates it, not
  /// every action.
  ///
  /// ```swift
  /// let moves = store.read(.score) { $0.score }
  /// ```
  ///
  /// - Parameters:
  ///   - parts: The parts that `body` reads.
  ///   - body: Reads the state, borrowed in place.
  /// - Returns: What `body` returns.
  public func read<Value>(_ parts: State.Part..., body: (State) -> Value) -> Value {
    let table = partObservers()
    table.mayBeTracked = true
    for part in parts { registrar.access(self, keyPath: \.[observedPart: part]) }
    registrar.access(self, keyPath: \.everyObservedPart)
    return body(currentState)
  }

  /// A key the Observation registrar tracks for one part.
  subscript(observedPart part: State.Part) -> Void { () }

  /// The key the Observation registrar tracks for a change of everything.
  var everyObservedPart: Void { () }

  /// The table of part observers, created on first use with the hook that hands it the
  /// state's record of changed parts after every action.
  private func partObservers() -> PartObservers<State.Part> {
    if let table = partObserverTable as? PartObservers<State.Part> { return table }
    let table = PartObservers<State.Part>()
    partObserverTable = table
    // What changed before anyone observed parts is of no interest.
    currentState.changedParts.removeAll()
    let others = notifyChangedParts
    notifyChangedParts = { [unowned self] in
      self.notifyObservers(of: table)
      others?()
    }
    return table
  }

  private func notifyObservers(of table: PartObservers<State.Part>) {
    swap(&table.taken, &currentState.changedParts)
    defer { table.taken.removeAll() }
    guard !table.taken.isEmpty else { return }
    if table.mayBeTracked {
      if table.taken.includesEverything {
        registrar.willSet(self, keyPath: \.everyObservedPart)
        registrar.didSet(self, keyPath: \.everyObservedPart)
      }
      for part in table.taken.parts {
        registrar.willSet(self, keyPath: \.[observedPart: part])
        registrar.didSet(self, keyPath: \.[observedPart: part])
      }
    }
    table.notify()
  }
}
