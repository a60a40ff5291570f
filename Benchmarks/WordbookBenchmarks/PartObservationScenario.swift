import StoreCore
import Wordbook

/// `Store.send(.study(.view(.markSuccess)))` on random words watched by 20 observers of disjoint parts of the
/// state (the picker, the mode, the tally, the visible words, undo and unsaved marks, the
/// editor, the error and 13 cards), observed two ways: each observer registered for its part
/// with `observe(_:_:)`, and each called after every action as whole-state observers are.
///
/// Every observer reads its part when called. Each run marks a fresh slice of a SplitMix64
/// shuffle of the words, and its 13 observed cards are among the words it marks, so a run
/// shows both a mark of an observed card and marks of the others. Besides the time per mark,
/// the scenario reports the observer calls per mark.
struct PartObservationScenario: Scenario {
  let name = "partObservation"

  func run(size: Int, runs: Int, into results: Results) async throws {
    let loaded = await Fixtures.loadedStore(count: size, observed: false)
    let store = loaded.store
    let rounds = runs + 1
    let marks = max(13, min(20_000, size / (2 * rounds)))
    var shuffler = SplitMix64(seed: 20)
    var ids = loaded.wordIDs
    ids.withUnsafeMutableBufferPointer { $0.fisherYatesShuffle(using: &shuffler) }
    let shared: [AppState.Part] = [
      .picker, .studyMode, .tally, .visibleWords, .marks, .editor, .error,
    ]
    var round = [0, 0]
    var calls = [[Double](), [Double]()]
    var called = 0
    let sink = ObserverSink()

    func measure(_ variant: Int) async -> Double {
      let start = (round[variant] * 2 + variant) * marks
      round[variant] += 1
      let slice = ids[start..<start + marks]
      let parts = shared + slice.prefix(13).map { AppState.Part.card($0) }
      let tokens = parts.map { part in
        let onChange = { @MainActor [unowned store] in
          called += 1
          sink.total &+= read(part, in: store.state)
        }
        return variant == 0 ? store.observe([part], onChange) : store.observe(onChange)
      }
      called = 0
      let time = nanosecondsPerOperation(marks) {
        for id in slice { store.send(.study(.view(.markSuccess(id)))) }
      }
      calls[variant].append(Double(called) / Double(marks))
      for token in tokens { store.removeObserver(token) }
      await store.settle()
      return time
    }

    let samples = await interleavedSamples(
      runs: runs, [{ await measure(0) }, { await measure(1) }])
    blackHole(sink.total)

    let label = sizeLabel(size)
    let byPart = Measurement(
      name: "Store.send.markObservedByPart(\(label))", scenario: name, size: size,
      unit: .nanoseconds, samples: samples[0])
    let whole = Measurement(
      name: "Store.send.markObservedWhole(\(label))", scenario: name, size: size,
      unit: .nanoseconds, samples: samples[1])
    let byPartCalls = Measurement(
      name: "Store.observe.callsPerMarkByPart(\(label))", scenario: name, size: size,
      unit: .notifications, samples: Array(calls[0].dropFirst()))
    let wholeCalls = Measurement(
      name: "Store.observe.callsPerMarkWhole(\(label))", scenario: name, size: size,
      unit: .notifications, samples: Array(calls[1].dropFirst()))
    results.add(byPart)
    results.add(whole)
    results.add(byPartCalls)
    results.add(wholeCalls)
    results.compare(byPart, with: whole, .atMost, nil)
    results.compare(byPartCalls, with: wholeCalls, .atMost, nil)
  }
}

/// What an observer of `part` reads, folded into a number for the sink.
@MainActor
private func read(_ part: AppState.Part, in state: AppState) -> Int {
  switch part {
  case .picker: state.list.books.count
  case .studyMode: state.session.words.mode == .all ? 1 : 0
  case .search: state.session.words.searchQuery?.count ?? 0
  case .reversed: state.session.isReversed ? 1 : 0
  case .tally: state.tally.success
  case .visibleWords: state.visibleWords.count
  case .card(let id):
    Int(state.session.words[id]?.studyState.rawValue ?? 0) + (state.face(of: id) == .back ? 4 : 0)
  case .marks: state.canUndo ? 1 : 0
  case .editor: state.session.isSavingWord ? 1 : 0
  case .error: state.lastError == nil ? 0 : 1
  case .schedule: state.session.schedule.dueCount
  case .round: state.session.round.counts.total
  }
}
