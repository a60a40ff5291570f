import StoreCore
import Wordbook

/// A Due round's rating plus its next card, `Store.send(.study(.view(.rate)))` of the round's
/// current card, beside `Store.send(.study(.view(.markSuccess)))` of a word picked at random, on
/// the same store, in the same run, with the observer ``Fixtures/loadedStore(count:marks:observed:)``
/// attaches.
///
/// A tenth of the book is due, reviewed *easy* a year before: a Due round of a million words
/// holds 100,000 due words, then the day's new ones. Each rating is one write (its mark and its
/// review) and moves the round on to its next card, which the loop reads back, as a front end
/// shows it; the marks touch the words in the order of one SplitMix64 Fisher–Yates shuffle.
/// Between runs the store settles (untimed), which answers the queued writes one by one.
struct RateScenario: Scenario {
  let name = "rate"

  func run(size: Int, runs: Int, into results: Results) async throws {
    let loaded = await Fixtures.loadedStore(count: size)
    let store = loaded.store
    let yearAgo = Timestamp(secondsSince1970: 1_764_000_000)
    let due = loaded.wordIDs.prefix(max(size / 10, 1))
    _ = try await loaded.service.importReviews { write throws(WordServiceError) in
      try write(due.map { WordReview(wordID: $0, review: Review(rating: .easy, time: yearAgo)) })
    }
    store.send(.study(.view(.setStudyMode(.due))))
    await store.settle()
    guard store.state.session.round.counts.due == due.count else {
      fatalError(
        "the Due round holds \(store.state.session.round.counts) instead of \(due.count) due")
    }
    let rounds = runs + 1
    // Fewer actions per run than the mark benchmark's 20,000: settling a run answers each
    // queued write in its own trip through the store.
    let actions = max(1, min(10_000, due.count / rounds))
    var shuffler = SplitMix64(seed: 27)
    var ids = loaded.wordIDs
    ids.withUnsafeMutableBufferPointer { $0.fisherYatesShuffle(using: &shuffler) }
    var markRound = 0
    var ratings: UInt64 = 0
    // A day after the reviews fell due, the hour a learner studies.
    let now = Timestamp(secondsSince1970: 1_796_000_000)

    let samples = await interleavedSamples(
      runs: runs,
      [
        {
          let nanoseconds = nanosecondsPerOperation(actions) {
            for _ in 0..<actions {
              guard let card = store.state.session.round.current else { break }
              store.send(
                .study(
                  .view(.rate(card, .good, at: now, id: ReviewID(origin: 1, sequence: ratings))))
              )
              ratings += 1
            }
          }
          await store.settle()
          return nanoseconds
        },
        {
          let start = markRound * actions
          markRound += 1
          let slice = ids[start..<start + actions]
          let nanoseconds = nanosecondsPerOperation(actions) {
            for id in slice { store.send(.study(.view(.markSuccess(id)))) }
          }
          await store.settle()
          return nanoseconds
        },
      ])
    blackHole(loaded.sink.total)
    guard store.state.lastError == nil, ratings == UInt64(actions * rounds) else {
      fatalError("rating failed: \(String(describing: store.state.lastError)), \(ratings) rated")
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
