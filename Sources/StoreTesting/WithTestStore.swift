import StoreCore
import Testing

/// Runs `body` with a new ``TestStore`` and then always runs its end-of-test checks
/// (``TestStore/finish(sourceLocation:)``), even when `body` throws or returns early.
///
/// ```swift
/// @MainActor @Test func loading() async {
///   await withTestStore(initialState: Todos.State(), reducer: Todos(service: service)) { store in
///     store.send(.appeared) { $0.isLoading = true }
///     await store.receive(.loaded(.success(["Milk"]))) {
///       $0.isLoading = false
///       $0.items = ["Milk"]
///     }
///   }
/// }
/// ```
///
/// - Parameters:
///   - initialState: The state to start from.
///   - reducer: The reducer under test.
///   - exhaustivity: How strictly to check; ``Exhaustivity/on`` by default.
///   - effectTimeout: The safety net for effects that never finish.
///   - sourceLocation: Where the test store is made (filled in for you).
///   - body: The test steps. It returns nothing, so a closure whose only statement is
///     `store.send(…)` needs no `_ =`: its result is discarded.
/// - Throws: What `body` throws, after the end-of-test checks ran.
@MainActor
public func withTestStore<R: Reducer>(
  initialState: R.State,
  reducer: R,
  exhaustivity: Exhaustivity = .on,
  effectTimeout: Duration? = .seconds(30),
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: (TestStore<R.State, R.Action>) async throws -> Void
) async rethrows where R.State: Equatable {
  let store = TestStore(
    initialState: initialState,
    reducer: reducer,
    exhaustivity: exhaustivity,
    effectTimeout: effectTimeout,
    sourceLocation: sourceLocation
  )
  do {
    try await body(store)
    await store.finish(sourceLocation: sourceLocation)
  } catch {
    await store.finish(sourceLocation: sourceLocation)
    throw error
  }
}
