import StoreCore

@testable import Wordbook

/// Checks the invariants inside a live store: wraps `AppReducer` and checks the state after
/// every action it applies, whether a caller or an effect sent it.
struct CheckedAppReducer: Reducer {
  /// Holds the checker and what it found; shared between the reducer and the test.
  final class Probe {
    var checker: InvariantChecker
    var outcome = SessionOutcome()

    init(checker: InvariantChecker) {
      self.checker = checker
    }
  }

  let base: AppReducer
  let probe: Probe

  func reduce(into state: inout AppState, action: AppAction) -> Effect<AppAction> {
    let before = state
    let effect = base.apply(action, to: &state)
    probe.outcome.actionCount += 1
    probe.outcome.trace.append(action.brief)
    if probe.outcome.violation == nil,
      let violation = probe.checker.check(before: before, action: action, after: state)
    {
      probe.outcome.violation = "after \(action.brief): \(violation)"
    }
    return effect
  }
}

/// A random session on a real ``Store`` whose service fails a share of calls and answers after
/// random delays, so answers really arrive late and out of order.
@MainActor
struct LiveSession {
  /// The share of service calls that fail.
  var failureRate = 0.2
  /// The longest delay of a service call.
  var latency: Duration = .microseconds(400)
  /// Makes the real service the session runs on, holding ``reliabilityBooks``.
  var makeBase: @MainActor () async throws -> any WordService = {
    InMemoryWordService(books: reliabilityBooks)
  }

  /// Runs `moves` and settles; returns what the probe found, how the store's words differ
  /// from the service's when the session ended with a loaded book (`nil` when equal), and the
  /// service calls made and failed.
  func run(_ moves: [Move], seed: UInt64) async throws -> LiveOutcome {
    let base = try await makeBase()
    let service = FaultInjectingWordService(
      base: base, plan: .init(failureRate: failureRate, latency: latency, seed: seed))
    let probe = CheckedAppReducer.Probe(
      checker: InvariantChecker(reducer: AppReducer(service: service)))
    let store = Store(
      initialState: AppState(seed: seed),
      reducer: CheckedAppReducer(base: AppReducer(service: service), probe: probe))
    store.send(.books(.view(.loadBooks)))
    await store.settle()
    if let first = store.state.list.books.first { store.send(.books(.view(.selectBook(first.id)))) }
    await store.settle()
    for move in moves where probe.outcome.violation == nil {
      if let action = move.learnerAction(in: store.state) {
        store.send(action)
        continue
      }
      switch move {
      case .answer: try? await Task.sleep(for: .microseconds(150))
      case .deliver: await Task.yield()
      default: await store.settle()
      }
    }
    await store.settle()
    let counts = await service.counts
    return LiveOutcome(
      session: probe.outcome,
      divergence: await divergence(of: store.state, from: base),
      calls: counts.calls,
      injectedFailures: counts.injectedFailures,
      loaded: store.state.session.wordsStatus == .loaded)
  }
}

/// What a live session found.
struct LiveOutcome {
  var session: SessionOutcome
  var divergence: String?
  var calls: Int
  var injectedFailures: Int
  var loaded: Bool
}

/// How the store's words differ from what the service holds for the selected book, or `nil`
/// when they are equal or no book is loaded.
func divergence(of state: AppState, from service: some WordService) async -> String? {
  guard let bookID = state.session.bookID, state.session.wordsStatus == .loaded else { return nil }
  if state.hasUnsavedMarks { return "marks are still unsaved after everything settled" }
  let held: [Word]
  do {
    held = try await service.fetchWords(in: bookID)
  } catch {
    return "the service could not load book \(bookID): \(error)"
  }
  let shown = state.session.words.allWords
  guard shown != held else { return nil }
  func describe(_ words: [Word]) -> String {
    words.map { "\($0.id):\($0.studyState)" }.joined(separator: " ")
  }
  return "store holds [\(describe(shown))] but the service holds [\(describe(held))]"
}
