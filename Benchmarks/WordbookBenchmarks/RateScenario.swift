import StoreCore
import Wordbook

/// `Store.send(.study(.view(.rate)))` per action beside `Store.send(.study(.view(.markSuccess)))` on the same store, in the
/// same run, with the observer ``Fixtures/loadedStore(count:marks:observed:)`` attaches.
///
/// A rating marks its word as a success mark does and also queues its review for the service
/// (`WordService.recordReview`), one review write in flight at a time, so a tight loop of
/// ratings starts one effect, as a loop of marks does. The service is the in-memory one the
/// mark benchmark uses, whose review write is cheap and runs off the main actor.
///
/// Both sides touch words in the order of one SplitMix64 Fisher–Yates shuffle, as a learner
/// does, and never the same word: ratings take the shuffle's first half, marks its second.
/// Every run takes a fresh slice; between runs the store settles (untimed), which answers the
/// queued review writes one by one.
struct RateScenario: Scenario {
  let name = "rate"

  func run(size: Int, runs: Int, into results: Results) async throws {
    let loaded = await Fixtures.loadedStore(count: size)
    let store = loaded.store
    let rounds = runs + 1
    // Fewer actions per run than the mark benchmark's 20,000: settling a run answers each
    // queued review write in its own trip through the store.
    let actions = max(1, min(10_000, size / (2 * rounds)))
    var shuffler = SplitMix64(seed: 27)
    var ids = loaded.wordIDs
    ids.withUnsafeMutableBufferPointer { $0.fisherYatesShuffle(using: &shuffler) }
    let half = ids.count / 2
    var round = [0, 0]
    func slice(_ variant: Int) -> ArraySlice<Word.ID> {
      defer { round[variant] += 1 }
      let start = variant * half + round[variant] * actions
      return ids[start..<start + actions]
    }
    // A review a day apart from the last, the hour a learner studies.
    var time = Timestamp(secondsSince1970: 1_796_000_000)

    let samples = await interleavedSamples(
      runs: runs,
      [
        {
          let slice = slice(0)
          let ratedAt = time
          time = time.advanced(by: 86_400)
          let nanoseconds = nanosecondsPerOperation(actions) {
            for id in slice { store.send(.study(.view(.rate(id, .good, at: ratedAt)))) }
          }
          await store.settle()
          return nanoseconds
        },
        {
          let slice = slice(1)
          let nanoseconds = nanosecondsPerOperation(actions) {
            for id in slice { store.send(.study(.view(.markSuccess(id)))) }
          }
          await store.settle()
          return nanoseconds
        },
      ])
    blackHole(loaded.sink.total)
    guard store.state.lastError == nil else {
      fatalError("rating failed: \(String(describing: store.state.lastError))")
    }

    let label = sizeLabel(size)
    let rate = Measurement(
      name: "Store.send.rate(\(label))", scenario: name, size: size, unit: .nanoseconds,
      samples: samples[0])
    let mark = Measurement(
      name: "Store.send.markSuccessSameRun(\(label))", scenario: name, size: size,
      unit: .nanoseconds, samples: samples[1])
    results.add(rate)
    results.add(mark)
    results.compare(rate, with: mark, .atMost, 1.3)
  }
}
