import StoreCore
import Wordbook

/// `Store.send(.study(.view(.shuffle)))` beside the `[Int32]` Fisher–Yates floor with the same generator and
/// the naive `[Word].shuffle()` with the system generator.
struct ShuffleScenario: Scenario {
  let name = "shuffle"

  func run(size: Int, runs: Int, into results: Results) async throws {
    let loaded = await Fixtures.loadedStore(count: size)
    let store = loaded.store
    // At least five shuffles a sample: one shuffle of a large book is a random walk over tens
    // of megabytes, and a lone one swings with where the kernel placed its pages.
    let operations = max(5, operationsPerSample(size: size))

    var positions = (0..<Int32(size)).map { $0 }
    var generator = SplitMix64(seed: 42)
    var words = Fixtures.words(count: size)
    let naiveOperations = operationsPerSample(size: size, budget: 200_000)

    let samples = await interleavedSamples(
      runs: runs,
      [
        {
          nanosecondsPerOperation(operations) {
            for _ in 0..<operations { store.send(.study(.view(.shuffle))) }
          }
        },
        {
          nanosecondsPerOperation(operations) {
            for _ in 0..<operations {
              positions.withUnsafeMutableBufferPointer { $0.fisherYatesShuffle(using: &generator) }
            }
          }
        },
        {
          nanosecondsPerOperation(naiveOperations) {
            for _ in 0..<naiveOperations { words.shuffle() }
          }
        },
      ])
    blackHole(positions)
    blackHole(words)
    blackHole(loaded.sink.total)

    let label = sizeLabel(size)
    let ours = Measurement(
      name: "Store.send.shuffle(\(label))", scenario: name, size: size, unit: .nanoseconds,
      samples: samples[0])
    let floor = Measurement(
      name: "Int32Buffer.fisherYatesShuffle(\(label))", scenario: name, size: size,
      unit: .nanoseconds, samples: samples[1])
    let naive = Measurement(
      name: "WordArray.shuffleSystemRandom(\(label))", scenario: name, size: size,
      unit: .nanoseconds, samples: samples[2])
    results.add(ours)
    results.add(floor)
    results.add(naive)
    results.compare(ours, with: floor, .atMost, 1.3)
    results.compare(ours, with: naive, .fasterBy, 50)
  }
}
