extension Store {
  /// Calls `onChange` on the main actor after every action that changes one of `parts` of
  /// the state at `child`: a state that holds another one, such as an app's state beside a
  /// feature of its own, observes the parts the held state records with no code to forward
  /// them.
  ///
  /// ```swift
  /// struct Screen {
  ///   var board: Board
  ///   var title = ""
  /// }
  ///
  /// store.observe(\.board, [.score]) { renderScore() }
  /// ```
  ///
  /// The held state keeps recording its parts as it is mutated, and the store takes that
  /// record after every action, at a cost of the parts changed. A state whose own record
  /// already includes the held state's parts (by forwarding them) is observed through its
  /// own parts instead, as one record cannot be taken twice.
  ///
  /// - Parameters:
  ///   - child: Where the state holds the state whose parts to observe.
  ///   - parts: The parts of that state the observer shows.
  ///   - onChange: The observer; read `store.state` inside it for the new values.
  /// - Returns: A token for ``removeObserver(_:)``.
  @discardableResult
  public func observe<Child: PartTrackingState>(
    _ child: WritableKeyPath<State, Child>, _ parts: [Child.Part],
    _ onChange: @escaping @MainActor () -> Void
  ) -> StoreObserverToken {
    let table = partObservers(at: child)
    nextObserverID += 1
    table.add(id: nextObserverID, parts: parts, onChange: onChange)
    return StoreObserverToken(id: nextObserverID)
  }

  /// The table of the observers of parts of the state at `child`, created on first use with
  /// the hook that hands it that state's record after every action.
  private func partObservers<Child: PartTrackingState>(
    at child: WritableKeyPath<State, Child>
  ) -> PartObservers<Child.Part> {
    if let table = childPartObserverTables[child] as? PartObservers<Child.Part> { return table }
    let table = PartObservers<Child.Part>()
    childPartObserverTables[child] = table
    // What changed before anyone observed parts is of no interest.
    currentState[keyPath: child].changedParts.removeAll()
    let others = notifyChangedParts
    notifyChangedParts = { [unowned self] in
      others?()
      swap(&table.taken, &self.currentState[keyPath: child].changedParts)
      defer { table.taken.removeAll() }
      guard !table.taken.isEmpty else { return }
      table.notify()
    }
    return table
  }
}
