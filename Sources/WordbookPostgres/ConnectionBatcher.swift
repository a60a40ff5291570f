import StoreCore
import Wordbook

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A connection and a thread of their own that do the requests of a process's many callers in
/// batches: a batch starts at most every `spacing`, and takes what waits by then, so a busy
/// process does many requests for the price of a few statements. An idle one does a request
/// at once, or `gathering` later to let others join it. The marks that commit together
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

  /// A batcher for the database at `url` that starts a batch every `spacing` at most, and the
  /// first after a quiet time `gathering` after its first request.
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
      defer { state.isDraining = true }
      return !state.isDraining
    }
    guard starts else { return }
    guard let thread else {
      let refused = WordServiceError.storage(
        .unavailable, .system(detail: "the system refused a thread for the connection"),
        during: .openDatabase, path: PostgresLocation(url: url).shown)
      let waiting = state.withLock { state in
        defer { (state.waiting, state.isDraining) = ([], false) }
        return state.waiting
      }
      _ = perform(waiting, .failure(refused))
      return
    }
    let gathered = ContinuousClock.now + gathering
    thread.async { self.drain(notBefore: gathered) }
  }

  /// Does the waiting requests, a batch at a time, the first not before `gathered` and one
  /// every `spacing` at most, until none waits.
  private func drain(notBefore gathered: ContinuousClock.Instant) {
    var notBefore = gathered
    while true {
      let wait = max(lastStart + spacing, notBefore) - .now
      notBefore = lastStart
      if wait > .zero {
        let (seconds, attoseconds) = wait.components
        usleep(UInt32(clamping: seconds * 1_000_000 + attoseconds / 1_000_000_000_000 + 1))
      }
      let batch = state.withLock { state -> [Request] in
        let batch = take(&state.waiting)
        if batch.isEmpty { state.isDraining = false }
        return batch
      }
      guard !batch.isEmpty else { return }
      lastStart = .now
      let again = perform(batch, Result { () throws(WordServiceError) in try connected() })
      if !again.isEmpty { state.withLock { $0.waiting.insert(contentsOf: again, at: 0) } }
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
