/// Shrinks a failing sequence of steps by delta debugging: removes chunks, halving their size
/// whenever no chunk can go, until no single step can be removed and the sequence still fails.
///
/// - Parameters:
///   - moves: A sequence that fails.
///   - stillFails: Runs a candidate and tells whether it still fails.
/// - Returns: A sequence that fails and from which no step can be removed.
@MainActor
func shrink<Step: Sendable>(
  _ moves: [Step], stillFails: @MainActor ([Step]) async -> Bool
) async -> [Step] {
  var current = moves
  var chunk = max(current.count / 2, 1)
  while !current.isEmpty {
    var removedAny = false
    var start = 0
    while start < current.count {
      var candidate = current
      candidate.removeSubrange(start..<min(start + chunk, current.count))
      if await stillFails(candidate) {
        current = candidate
        removedAny = true
      } else {
        start += chunk
      }
    }
    if chunk == 1 && !removedAny { break }
    if !removedAny { chunk = max(chunk / 2, 1) }
  }
  return current
}
