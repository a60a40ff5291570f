import StoreCore
import Wordbook

/// `Store.send(.study(.view(.toggleStudyMode)))` beside a bare pass over a `[StudyState]` of the same size
/// that writes the visible `[Int32]` positions.
///
/// The book has a seeded mix of marks (half success, a quarter fail, a quarter not studied)
/// and is shuffled once first, as in a study session, so the store's pass reads the states in
/// study order while the bare pass reads them in storage order. One run toggles through all
/// three modes (all → excluding success → failed only → all); the time is per toggle.
///
/// Switching back to all words is measured on its own, beside the floor of any design that
/// shares the study order: assigning one `[Int32]` to another. Each switch back needs a switch
/// away first (a re-filter, milliseconds at 1M), so every switch back is timed alone, and the
/// cost of reading the clock twice after the same setup is subtracted. The assignment
/// follows the floor's filter pass, so that both start with the caches the switch away left.
struct ToggleStudyModeScenario: Scenario {
  let name = "toggleStudyMode"

  func run(size: Int, runs: Int, into results: Results) async throws {
    let loaded = await Fixtures.loadedStore(count: size, marks: .mixed)
    let store = loaded.store
    store.send(.study(.view(.shuffle)))
    let cycles = operationsPerSample(size: size, budget: 3_000_000)
    let states = Fixtures.words(count: size, marks: .mixed).map(\.studyState)
    var visible = [Int32](repeating: 0, count: size)
    var visibleCount = 0
    let modes: [StudyMode] = [.excludeSuccess, .failedOnly, .all]

    let samples = await interleavedSamples(
      runs: runs,
      [
        {
          nanosecondsPerOperation(cycles * modes.count) {
            for _ in 0..<cycles {
              for _ in modes { store.send(.study(.view(.toggleStudyMode))) }
            }
          }
        },
        {
          nanosecondsPerOperation(cycles * modes.count) {
            for _ in 0..<cycles {
              for mode in modes {
                visibleCount = states.withUnsafeBufferPointer { states in
                  visible.withUnsafeMutableBufferPointer { visible in
                    filterPass(states, mode: mode, into: visible)
                  }
                }
              }
            }
          }
        },
      ])
    let backOperations = max(30, operationsPerSample(size: size, budget: 30_000_000))
    var order = [Int32](0..<Int32(size))
    var filteredCopy = order.filter { $0 % 2 == 0 }
    var assigned = filteredCopy
    let backSamples = await interleavedSamples(
      runs: runs,
      [
        {
          timedAlone(backOperations) {
            store.send(.study(.view(.setStudyMode(.excludeSuccess))))
          } timed: {
            store.send(.study(.view(.setStudyMode(.all))))
          }
        },
        {
          timedAlone(backOperations) {
            assigned = filteredCopy
            visibleCount = states.withUnsafeBufferPointer { states in
              visible.withUnsafeMutableBufferPointer { visible in
                filterPass(states, mode: .excludeSuccess, into: visible)
              }
            }
          } timed: {
            assigned = order
          }
        },
      ])
    blackHole(visible)
    blackHole(visibleCount)
    blackHole(assigned)
    order = []
    filteredCopy = []
    blackHole(loaded.sink.total)

    let label = sizeLabel(size)
    let ours = Measurement(
      name: "Store.send.toggleStudyMode(\(label))", scenario: name, size: size,
      unit: .nanoseconds, samples: samples[0])
    let bare = Measurement(
      name: "StudyStateBuffer.filterPass(\(label))", scenario: name, size: size,
      unit: .nanoseconds, samples: samples[1])
    results.add(ours)
    results.add(bare)
    results.compare(ours, with: bare, .atMost, 3)
    let back = Measurement(
      name: "Store.send.setStudyModeAll(\(label))", scenario: name, size: size,
      unit: .nanoseconds, samples: backSamples[0])
    let assignment = Measurement(
      name: "Int32Array.assign(\(label))", scenario: name, size: size, unit: .nanoseconds,
      samples: backSamples[1])
    results.add(back)
    results.add(assignment)
    // Both ways are held to the same target: a bare filter shows every word in one pass too.
    results.compare(back, with: bare, .atMost, 3)
    results.compare(back, with: assignment, .atMost, nil)
  }
}

/// Nanoseconds per operation of `timed`, each run alone after an untimed `setUp`, less the
/// cost of the two clock readings around it. That cost is measured the same way, around
/// nothing right after another `setUp`, because reading the clock is itself slower once
/// `setUp` has evicted the caches.
func timedAlone(_ operations: Int, setUp: () -> Void, timed: () -> Void) -> Double {
  var total: UInt64 = 0
  var clockCost: UInt64 = 0
  for _ in 0..<operations {
    setUp()
    let start = now()
    timed()
    total += now() - start
    setUp()
    let empty = now()
    clockCost += now() - empty
  }
  return max(0, Double(total) - Double(clockCost)) / Double(operations)
}

/// The floor of a re-filter: one pass over the states in storage order, writing the position
/// of every state `mode` shows into a buffer sized for all of them; returns how many it wrote.
@inline(never)
func filterPass(
  _ states: UnsafeBufferPointer<StudyState>, mode: StudyMode,
  into visible: UnsafeMutableBufferPointer<Int32>
) -> Int {
  var count = 0
  for position in states.indices where mode.includes(states[position]) {
    visible[count] = Int32(truncatingIfNeeded: position)
    count += 1
  }
  return count
}
