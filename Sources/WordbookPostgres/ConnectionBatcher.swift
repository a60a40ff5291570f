import StoreCore
import Wordbook

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A connection and a thread of their own that do the requests of a process's many callers in
/// batches: a batch starts at most every `spacing`, and takes what waits by then, so a busy
/// process does many requests for the price of a few statements. A batch starts no sooner
/// than `gathering` after the first of its requests arrived, to let others join it: at once
/// when that is zero. The marks that commit together
/// (`StudyMarkCommitter`) and the journal reads that run together (`PostgresJournalReader`)
/// are its two uses.
///
/// Invariant (why `@unchecked Sendable` is sound): `state` is behind its lock; `connection`
/// and `lastStart` are only used by the jobs of `thread`, one at a time.
final class ConnectionBatcher<Request: Sendable>: @unchecked Sendable {
  /// Takes the next batch from the requests waiting, in order; an empty batch when none waits.
  typealias Take = @Sendable (_ waiting: inout [Request]) -> [Request]
  /// Does a batch on the connection, or answers its requests with the error that kept the
  /// connection from opening, and returns the requests to do again with the next batch.
  typealias Perform =
    @Sendable (_ batch: [Request], _ connection: Result<PostgresConnection, WordServiceError>) ->
    [Request]

  private struct State {
    var waiting: [Request] = []
    /// When the oldest request of `waiting` arrived; `nil` when none waits.
    var firstArrival: ContinuousClock.Instant?
    var isDraining = false
  }

  private let url: String
  private let spacing: Duration
  private let gathering: Duration
  private let take: Take
  private let perform: Perform
  private let thread: ConnectionThread?
  private let state = Locked(State())
  private var connection: PostgresConnection?
  private var lastStart: ContinuousClock.Instant

  /// A batcher for the database at `url` that starts a batch every `spacing` at most, and
  /// `gathering` after the first of its requests at the soonest.
  init(
    url: String, spacing: Duration, gathering: Duration = .zero, take: @escaping Take,
    perform: @escaping Perform
  ) {
    self.url = url
    self.spacing = spacing
    self.gathering = gathering
    self.take = take
    self.perform = perform
    thread = ConnectionThread()
    lastStart = .now - spacing
  }

  deinit {
    thread?.finish()
  }

  /// Does `request` with a coming batch.
  func submit(_ request: Request) {
    let starts = state.withLock { state in
      state.waiting.append(request)
      if state.firstArrival == nil { state.firstArrival = .now }
      defer { state.isDraining = true }
      return !state.isDraining
    }
    guard starts else { return }
    guard let thread else {
      let refused = WordServiceError.storage(
        .unavailable, .system(detail: "the system refused a thread for the connection"),
        during: .openDatabase, path: PostgresLocation(url: url).shown)
      let waiting = state.withLock { state in
        defer { (state.waiting, state.firstArrival, state.isDraining) = ([], nil, false) }
        return state.waiting
      }
      _ = perform(waiting, .failure(refused))
      return
    }
    thread.async { self.drain() }
  }

  /// Does the waiting requests, a batch at a time, until none waits. Each batch starts
  /// `gathering` after its first request arrived and `spacing` after the last batch started,
  /// at the soonest: timed from the requests, batches keep in step with their callers, where
  /// timing them from the batch before would let each start drift a little later.
  private func drain() {
    while true {
      let due = state.withLock { state -> ContinuousClock.Instant? in
        guard let first = state.firstArrival else {
          state.isDraining = false
          return nil
        }
        return max(first + gathering, lastStart + spacing)
      }
      guard let due else { return }
      let wait = due - .now
      if wait > .zero {
        let (seconds, attoseconds) = wait.components
        usleep(UInt32(clamping: seconds * 1_000_000 + attoseconds / 1_000_000_000_000 + 1))
      }
      let batch = state.withLock { state -> [Request] in
        let batch = take(&state.waiting)
        if state.waiting.isEmpty { state.firstArrival = nil }
        return batch
      }
      lastStart = .now
      let again = perform(batch, Result { () throws(WordServiceError) in try connected() })
      guard !again.isEmpty else { continue }
      state.withLock { state in
        state.waiting.insert(contentsOf: again, at: 0)
        state.firstArrival = min(state.firstArrival ?? lastStart, lastStart)
      }
    }
  }

  /// The batcher's connection, opened when it is not yet or was lost.
  private func connected() throws(WordServiceError) -> PostgresConnection {
    if let connection, connection.readyForWork() { return connection }
    connection = nil
    let opened = try PostgresConnection(url: url, looksUpByKeyOnly: true)
    connection = opened
    return opened
  }
}
