import StoreCore
import Testing

/// The state of the todo list the test-store tests drive.
struct TodoState: Equatable, Sendable {
  var errorMessage: String?
  var isLoading = false
  var items: [String] = []
  var ticks = 0
}

/// The todo list's actions.
enum TodoAction: Equatable, Sendable, Codable {
  case add(String)
  case explode
  case load
  case loaded([String])
  case loadFailed(String)
  case remove(Int)
  case startTimer
  case stopTimer
  case tick
}

/// An error of the todo list's loader.
struct LoadFailure: Error, Equatable {
  var reason: String
}

/// The todo list: a reducer with a loading effect, a long-lived timer and an effect that throws
/// without a catch handler.
struct Todos: Reducer {
  var load: @Sendable () async throws -> [String] = { ["Milk", "Eggs"] }
  var timer: @Sendable () -> AsyncStream<Void> = { AsyncStream { $0.finish() } }

  func reduce(into state: inout TodoState, action: TodoAction) -> Effect<TodoAction> {
    switch action {
    case .add(let item):
      state.items.append(item)
      return .none
    case .explode:
      return .run { _ in throw LoadFailure(reason: "boom") }
    case .load:
      state.isLoading = true
      state.errorMessage = nil
      return .run { send in
        await send(.loaded(try await load()))
      } catch: { error, send in
        await send(.loadFailed("\(error)"))
      }
      .cancellable(id: "load", cancelInFlight: true)
    case .loaded(let items):
      state.isLoading = false
      state.items = items
      return .none
    case .loadFailed(let message):
      state.isLoading = false
      state.errorMessage = message
      return .none
    case .remove(let index):
      guard state.items.indices.contains(index) else { return .none }
      state.items.remove(at: index)
      return .none
    case .startTimer:
      return .run { send in
        for await _ in timer() { await send(.tick) }
      }
      .cancellable(id: "timer")
    case .stopTimer:
      return .cancel(id: "timer")
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

/// A timer the test ticks by hand.
final class ManualTimer: Sendable {
  let stream: AsyncStream<Void>
  private let continuation: AsyncStream<Void>.Continuation

  init() {
    (stream, continuation) = AsyncStream.makeStream(of: Void.self)
  }

  func tick() { continuation.yield() }
  func stop() { continuation.finish() }
}

/// The issues `body` recorded, each as its message and line; fails when it recorded none.
@MainActor
func recordedIssues(
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () async -> Void
) async -> [(message: String, line: Int)] {
  let issues = Locked<[(message: String, line: Int)]>([])
  let collect: @Sendable (Issue) -> Bool = { issue in
    let message = issue.comments.map(\.rawValue).joined(separator: "\n")
    issues.withLock { $0.append((message, issue.sourceLocation?.line ?? 0)) }
    return true
  }
  await withKnownIssue(sourceLocation: sourceLocation) {
    await body()
  } matching: {
    collect($0)
  }
  return issues.withLock { $0 }
}
