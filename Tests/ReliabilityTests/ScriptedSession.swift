@testable import StoreCore
@testable import Wordbook

/// How one random session ended.
struct SessionOutcome {
  /// The first broken invariant, with the action that broke it; `nil` when all held.
  var violation: String?
  /// The actions the reducer processed, learner actions and service answers alike.
  var actionCount = 0
  /// The actions, in processing order, for the failure report.
  var trace: [String] = []
  /// How many faults and bad inputs of each kind the session tried.
  var faults: [String: Int] = [:]
}

/// Runs `AppReducer` directly and plays the network itself: every effect waits until a step
/// answers it (on a real in-memory service, or as a failure), and every answer waits until a
/// step delivers it, so answers arrive late and in any order, all decided by the seed.
///
/// Nothing is timing-dependent: a seed replays exactly, which is what the shrinker needs.
@MainActor
final class ScriptedSession {
  private struct Call {
    var work: Effect<AppAction>.Work
    var cancelIDs: [EffectID]
  }

  private struct Answer {
    var action: AppAction
    var cancelIDs: [EffectID]
  }

  private(set) var state: AppState
  private let reducer: AppReducer
  /// The service the reducer calls, with failures scripted by the steps.
  let service: FaultInjectingWordService
  /// The service behind the fault injector.
  let base: InMemoryWordService
  private var calls: [Call] = []
  private var answers: [Answer] = []
  private var pastLoads: [AppAction] = []
  private var checker: InvariantChecker
  private(set) var outcome = SessionOutcome()
  init(seed: UInt64) {
    base = InMemoryWordService(books: reliabilityBooks)
    service = FaultInjectingWordService(base: base)
    reducer = AppReducer(service: service)
    checker = InvariantChecker(reducer: AppReducer(service: service))
    state = AppState(seed: seed)
  }

  /// Runs the steps, stopping at the first broken invariant; then answers and delivers every
  /// call still pending, in order.
  func run(_ moves: [Move]) async {
    send(.books(.view(.loadBooks)))
    await settle()
    if let first = state.list.books.first { send(.books(.view(.selectBook(first.id)))) }
    await settle()
    for move in moves where outcome.violation == nil {
      await perform(move)
    }
    await settle()
  }

  /// Answers every pending call without failures and delivers every answer, oldest first.
  func settle() async {
    while outcome.violation == nil, !calls.isEmpty || !answers.isEmpty {
      if calls.isEmpty {
        deliver(0)
      } else {
        await answer(0, fails: false)
      }
    }
  }

  private func perform(_ move: Move) async {
    if let action = move.learnerAction(in: state) {
      if let kind = badInput(action) { outcome.faults[kind, default: 0] += 1 }
      send(action)
      return
    }
    switch move {
    case .answer(let index, let fails):
      if fails, !calls.isEmpty { outcome.faults["failed call", default: 0] += 1 }
      await answer(Int(index), fails: fails)
    case .deliver(let index):
      let position = Int(index) % max(answers.count, 1)
      if position > 0 { outcome.faults["answer out of order", default: 0] += 1 }
      deliver(position)
    case .inject(let bogus):
      outcome.faults["bogus answer", default: 0] += 1
      send(action(for: bogus))
    case .redeliverStale(let index):
      guard !pastLoads.isEmpty else { return }
      outcome.faults["stale answer", default: 0] += 1
      send(pastLoads[Int(index) % pastLoads.count])
    default: break
    }
  }

  /// The kind of bad input `action` is in the current state, if it is one.
  private func badInput(_ action: AppAction) -> String? {
    switch action {
    case .study(.view(.deleteWord(let id))), .study(.view(.flip(let id))),
      .study(.view(.markFail(let id))), .study(.view(.markSuccess(let id))),
      .study(.view(.resetMark(let id))):
      return state.session.words.contains(id) ? nil : "unknown word ID"
    case .books(.view(.selectBook(let id))), .books(.view(.deleteBook(let id))):
      return state.list.books.contains { $0.id == id } ? nil : "unknown book ID"
    case .books(.view(.renameBook(let id, let title))):
      guard state.list.books.contains(where: { $0.id == id }) else { return "unknown book ID" }
      return title.unicodeScalars.allSatisfy(\.properties.isWhitespace) ? "blank title" : nil
    case .study(.view(.saveWord(let term, _))):
      return term.unicodeScalars.allSatisfy(\.properties.isWhitespace) ? "blank term" : nil
    case .study(.view(.editWord(let id, let term, _))):
      guard state.session.words.contains(id) else { return "unknown word ID" }
      return term.unicodeScalars.allSatisfy(\.properties.isWhitespace) ? "blank term" : nil
    case .books(.view(.createBook(let title))):
      return title.unicodeScalars.allSatisfy(\.properties.isWhitespace) ? "blank title" : nil
    case .study(.view(.undo)): return state.canUndo ? nil : "undo with nothing to undo"
    case .study(.view(.redo)): return state.canRedo ? nil : "redo with nothing to redo"
    default: return nil
    }
  }

  private func action(for bogus: Move.Bogus) -> AppAction {
    let error = WordServiceError(.unavailable, "Injected bogus answer.")
    switch bogus {
    case .booksFailed: return .books(.booksLoaded(.failure(error)))
    case .marksFailed: return .study(.studyStatesSaved(.failure(error)))
    case .unknownWordDeleted: return .study(.wordDeleted(Word.ID(77_777), .failure(error)))
    case .wordsFailed:
      return .study(.wordsLoaded(state.session.bookID ?? WordBook.ID(1), .failure(error)))
    }
  }

  private func answer(_ index: Int, fails: Bool) async {
    guard !calls.isEmpty else { return }
    let call = calls.remove(at: index % calls.count)
    await service.forceNextOutcome(failing: fails)
    let send = Send<AppAction> { [weak self] action in
      self?.answers.append(Answer(action: action, cancelIDs: call.cancelIDs))
    }
    do {
      try await call.work.operation(send)
    } catch {
      outcome.violation = "an effect threw \(error) instead of sending a failure action"
    }
    await service.forceNextOutcome(failing: nil)
  }

  private func deliver(_ index: Int) {
    guard !answers.isEmpty else { return }
    let answer = answers.remove(at: index % answers.count)
    switch answer.action {
    case .books(.booksLoaded), .study(.wordsLoaded): pastLoads.append(answer.action)
    default: break
    }
    send(answer.action)
  }

  private func send(_ action: AppAction) {
    var queue = [action]
    while !queue.isEmpty, outcome.violation == nil {
      let action = queue.removeFirst()
      // The store takes the record of changed parts after every action; so does the session,
      // so that the checker sees what this action recorded.
      state.changedParts.removeAll()
      let before = state
      let effect = reducer.apply(action, to: &state)
      outcome.actionCount += 1
      outcome.trace.append(action.brief)
      if let violation = checker.check(before: before, action: action, after: state) {
        outcome.violation = "after \(action.brief): \(violation)"
      }
      start(effect, cancelIDs: [], queue: &queue)
    }
  }

  private func start(_ effect: Effect<AppAction>, cancelIDs: [EffectID], queue: inout [AppAction]) {
    switch effect.operation {
    case .none: break
    case .send(let action): queue.append(action)
    case .run(let work): calls.append(Call(work: work, cancelIDs: cancelIDs))
    case .merge(let effects):
      for effect in effects { start(effect, cancelIDs: cancelIDs, queue: &queue) }
    case .cancellable(let id, let cancelInFlight, let effect):
      if cancelInFlight { cancel(id) }
      start(effect, cancelIDs: cancelIDs + [id], queue: &queue)
    case .cancel(let id): cancel(id)
    }
  }

  /// Drops the calls and the undelivered answers of a cancelled effect, as the store does:
  /// a cancelled effect's answer never reaches the reducer.
  private func cancel(_ id: EffectID) {
    calls.removeAll { $0.cancelIDs.contains(id) }
    answers.removeAll { $0.cancelIDs.contains(id) }
  }
}
