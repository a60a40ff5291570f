import StoreCore

/// The sign-ins waiting for their password to be checked, taken in turns by client address, so
/// that one address cannot keep everyone else's sign-in waiting.
///
/// A password check is slow on purpose (an Argon2id hash over 64 MiB). At most ``workers``
/// run at once and an address has at most one of them: when one ends, the next check is the
/// oldest of the address that has waited longest for its turn, so a learner's sign-in waits
/// for a check or two whatever another address sends. One address's checks running one at a
/// time is also what lets ``SignInThrottle`` count each failure before the address's next
/// check. The waiting is bounded: at most ``waitingPerAddress`` of one address, and
/// ``waitingLimit`` in all; beyond, a sign-in is refused at once, to come back a moment later.
final class SignInQueue: Sendable {
  /// How many checks run at once.
  static let workers = 2
  /// How many checks of one address may wait at once.
  static let waitingPerAddress = 32
  /// How many checks may wait at once, of all addresses.
  static let waitingLimit = 256

  /// What became of a check.
  enum Turn<Value: Sendable>: Sendable {
    /// It ran, in its turn, and gave this.
    case ran(Value)
    /// Its address has as many checks waiting as it may.
    case addressBusy
    /// As many checks wait as may, of all addresses.
    case full
  }

  private struct State {
    /// The addresses (clients' keys) whose check is running.
    var running: Set<Int> = []
    /// The checks waiting, by address, oldest first.
    var waiting: [Int: [CheckedContinuation<Turn<Void>, Never>]] = [:]
    /// The addresses with checks waiting, in the order of their turns.
    var turns: [Int] = []
    var waitingCount = 0
  }

  private let state = Locked(State())

  /// Runs `check` in the turn of `address` (a client, as ``SignInThrottle/client(of:)`` keys
  /// it), or says at once why it may not wait for one.
  func inTurn<Value: Sendable>(of address: Int, _ check: () async -> Value) async -> Turn<Value> {
    let admitted = await withCheckedContinuation {
      (turn: CheckedContinuation<Turn<Void>, Never>) in
      let now = state.withLock { state -> Turn<Void>? in
        if state.running.count < Self.workers, !state.running.contains(address) {
          state.running.insert(address)
          return .ran(())
        }
        guard (state.waiting[address]?.count ?? 0) < Self.waitingPerAddress else {
          return .addressBusy
        }
        guard state.waitingCount < Self.waitingLimit else { return .full }
        if state.waiting[address] == nil { state.turns.append(address) }
        state.waiting[address, default: []].append(turn)
        state.waitingCount += 1
        return nil
      }
      if let now { turn.resume(returning: now) }
    }
    switch admitted {
    case .addressBusy: return .addressBusy
    case .full: return .full
    case .ran: break
    }
    let value = await check()
    state.withLock { _ = $0.running.remove(address) }
    startNext()
    return .ran(value)
  }

  /// Starts the waiting checks that a free worker and their address's turn allow.
  private func startNext() {
    while let next = state.withLock({ state -> CheckedContinuation<Turn<Void>, Never>? in
      guard state.running.count < Self.workers,
        let turn = state.turns.firstIndex(where: { !state.running.contains($0) })
      else { return nil }
      let address = state.turns.remove(at: turn)
      var waiting = state.waiting[address] ?? []
      let first = waiting.removeFirst()
      state.waiting[address] = waiting.isEmpty ? nil : waiting
      if !waiting.isEmpty { state.turns.append(address) }
      state.waitingCount -= 1
      state.running.insert(address)
      return first
    }) {
      next.resume(returning: .ran(()))
    }
  }
}
