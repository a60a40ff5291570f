extension Store {
  @inlinable
  func start(_ effect: Effect<Action>, cancelIDs: [EffectID], tasks: DeferredTasks) {
    switch effect.operation {
    case .none:
      break
    case .send(let action):
      // The action's effects belong to the `send` that caused it, so awaiting that send's
      // task awaits them too.
      queue.append(
        Pending(action: action, origin: isRecordingSender ? .sent : .effect, tasks: tasks))
      if isRecordingSender { unprocessedSentCount += 1 }
    case .run(let work):
      tasks.tasks.append(run(work, cancelIDs: cancelIDs))
    case .merge(let effects):
      for effect in effects { start(effect, cancelIDs: cancelIDs, tasks: tasks) }
    case .cancellable(let id, let cancelInFlight, let effect):
      if cancelInFlight { cancelEffects(id: id) }
      start(effect, cancelIDs: cancelIDs + [id], tasks: tasks)
    case .cancel(let id):
      cancelEffects(id: id)
    }
  }
}

extension Store {
  @usableFromInline
  func run(_ work: Effect<Action>.Work, cancelIDs: [EffectID]) -> Task<Void, Never> {
    let token = nextTaskToken
    nextTaskToken += 1
    let operation = work.operation
    let handler = work.handler
    let origin = work.origin
    // Captured directly, not through the store, so that an error of an effect that outlives
    // its store is still reported.
    let warn = self.warn
    // On the main actor, where the store is: the operation runs on the cooperative pool, and
    // the task comes back once, at its end, to forget itself.
    let body: @MainActor @Sendable (Send<Action>) async -> Void = { [weak self] send in
      do {
        try await operation(send)
      } catch {
        if Task.isCancelled || error is CancellationError {
          // A cancelled effect has nothing left to report.
        } else if let handler {
          await handler(error, send)
        } else {
          warn(
            RuntimeWarning(
              message: "An effect threw \(error) and has no catch handler to turn it into an "
                + "action. Add `catch:` to the `.run` effect made here.",
              origin: origin
            )
          )
        }
      }
      self?.forget(token: token, cancelIDs: cancelIDs)
    }
    let task = executor.execute(
      EffectWork(
        origin: origin,
        actionSequence: processedActionCount,
        priority: work.priority,
        body: body,
        deliver: { [weak self] action in self?.receive(action) }
      )
    )
    runningTasks[token] = task
    for id in cancelIDs { cancellableTasks[id, default: [:]][token] = task }
    return task
  }

  @usableFromInline
  func cancelEffects(id: EffectID) {
    guard let tasks = cancellableTasks.removeValue(forKey: id) else { return }
    for task in tasks.values { task.cancel() }
  }

  private func forget(token: Int, cancelIDs ids: [EffectID]) {
    runningTasks[token] = nil
    for id in ids {
      cancellableTasks[id]?[token] = nil
      if cancellableTasks[id]?.isEmpty == true { cancellableTasks[id] = nil }
    }
  }
}
