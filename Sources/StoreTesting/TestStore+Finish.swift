import StoreCore
import Testing

extension TestStore {
  /// Ends the test: waits for the running effects, then fails for every effect still running
  /// and every action an effect sent that the test did not receive, at the line of the `send`
  /// that started it.
  ///
  /// With ``Exhaustivity/off``, effects still running are cancelled at once and the actions
  /// not received are processed, without failing. Calling it again does nothing.
  ///
  /// - Parameter sourceLocation: Where the step is written (filled in for you).
  public func finish(sourceLocation: SourceLocation = #_sourceLocation) async {
    guard !isFinished else { return }
    isFinished = true
    warnings.location = sourceLocation
    if exhaustivity == .off { executor.cancelAll() }
    var timedOut = false
    while !executor.runningEffects.isEmpty, !timedOut {
      timedOut = !(await executor.nextEvent(timeout: effectTimeout))
    }
    switch exhaustivity {
    case .on:
      reportRunningEffects(fallback: sourceLocation)
      reportUnreceivedActions(fallback: sourceLocation)
    case .off:
      for received in executor.takeAllReceivedActions() { store.receive(received.action) }
    }
    executor.cancelAll()
  }

  private func reportRunningEffects(fallback: SourceLocation) {
    for effect in executor.runningEffects {
      let start = step(containing: effect.actionSequence)
      let limit = effectTimeout.map { " after \($0)" } ?? ""
      let message =
        "The effect made at \(effect.origin), started by \(start?.name ?? "the store"), is still "
        + "running\(limit). Send an action that cancels it, or let its work complete."
      Issue.record(Comment(rawValue: message), sourceLocation: start?.location ?? fallback)
    }
  }

  private func reportUnreceivedActions(fallback: SourceLocation) {
    for received in executor.takeAllReceivedActions() {
      let start = step(containing: received.actionSequence)
      let message =
        "The effect made at \(received.effectOrigin), started by \(start?.name ?? "the store"), "
        + "sent \(shortDescription(of: received.action)), which the test did not receive."
      Issue.record(Comment(rawValue: message), sourceLocation: start?.location ?? fallback)
    }
  }
}
