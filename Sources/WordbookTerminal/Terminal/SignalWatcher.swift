import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Delivers signals as ordinary callbacks on a dispatch queue instead of interrupting the
/// program, so the handler may restore the terminal and use any API.
@MainActor
final class SignalWatcher {
  private let sources: [any DispatchSourceSignal]
  private let signals: [Int32]

  /// Starts watching `signals`; each delivery calls `handler` on `queue` with the signal.
  ///
  /// - Parameter registered: Called on `queue` once each source is registered with the system:
  ///   a signal that comes before is lost, since the default action is already ignored.
  init(
    signals: [Int32], queue: DispatchQueue = .main,
    registered: (@Sendable () -> Void)? = nil,
    handler: @escaping @Sendable (Int32) -> Void
  ) {
    self.signals = signals
    sources = signals.map { number in
      // Ignoring the default action first makes the signal reach the dispatch source only.
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      // Sendable, so not isolated to the main actor: it runs on `queue`, which may be another.
      let deliver: @Sendable () -> Void = { handler(number) }
      source.setEventHandler(handler: deliver)
      if let registered { source.setRegistrationHandler(handler: registered) }
      source.resume()
      return source
    }
  }

  /// Stops watching and gives the signals their default actions back.
  func cancel() {
    for source in sources { source.cancel() }
    for number in signals { signal(number, SIG_DFL) }
  }
}
