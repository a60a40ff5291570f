import StoreCore
import Wordbook

/// `Store.send(.study(.view(.markSuccess)))` per action with an observer attached, beside the same marks made
/// by bare in-place reducer calls on a plain state, and by a reducer that returns a new state.
///
/// Two sequences of words are marked. The random one, a SplitMix64 Fisher–Yates shuffle of
/// the words, is what a learner does and what the target judges: each mark touches a word far
/// from the last, so the lookup and the study state miss the caches. The consecutive one marks
/// neighbours in storage order, which the caches favour. Both the store and the bare reducer
/// mark the same sequence, and the two sequences never share a word.
///
/// Every run marks a fresh slice of words (a mark that changes nothing would be a no-op). The
/// domain batches study-mark writes: one service write is in flight at a time and marks made
/// meanwhile are queued in the state, so a tight loop of sends starts one effect; between runs
/// the store settles (untimed) and the bare states have their batches acknowledged.
struct MarkSuccessScenario: Scenario {
  let name = "markSuccess"

  func run(size: Int, runs: Int, into results: Results) async throws {
    let loaded = await Fixtures.loadedStore(count: size)
    let store = loaded.store
    let reducer = AppReducer(service: loaded.service)
    var inPlace = await Fixtures.bareState(like: loaded)
    var returning = await Fixtures.bareState(like: loaded)
    let rounds = runs + 1
    // Enough marks per run that the one effect a run starts (a task woken on another thread)
    // is a small share of the run's time, yet every run of either sequence marks words not
    // marked before.
    let marks = max(1, min(20_000, size / (2 * rounds)))
    let ids = loaded.wordIDs[..<(marks * rounds)]
    var shuffler = SplitMix64(seed: 18)
    var randomIDs = Array(loaded.wordIDs[(marks * rounds)...])
    randomIDs.withUnsafeMutableBufferPointer { $0.fisherYatesShuffle(using: &shuffler) }
    // The state that returns a new state copies what it touches on every call, so it gets
    // fewer marks per run at large sizes to keep the run short; the time is per mark.
    let returningMarks = max(1, min(marks, 20_000_000 / size))
    var round = [0, 0, 0, 0, 0]
    func slice(_ variant: Int, count: Int) -> ArraySlice<Word.ID> {
      defer { round[variant] += 1 }
      let start = round[variant] * marks
      return variant < 3 ? ids[start..<start + count] : randomIDs[start..<start + count]
    }

    let samples = await interleavedSamples(
      runs: runs,
      [
        {
          let slice = slice(0, count: marks)
          let time = nanosecondsPerOperation(marks) {
            for id in slice { store.send(.study(.view(.markSuccess(id)))) }
          }
          await store.settle()
          return time
        },
        {
          let slice = slice(1, count: marks)
          let time = nanosecondsPerOperation(marks) {
            for id in slice {
              _ = reducer.reduce(into: &inPlace, action: .study(.view(.markSuccess(id))))
            }
          }
          acknowledgeMarks(in: &inPlace, reducer: reducer)
          return time
        },
        {
          let slice = slice(2, count: returningMarks)
          var previous = returning
          let time = nanosecondsPerOperation(returningMarks) {
            for id in slice {
              let next = reducing(returning, .study(.view(.markSuccess(id))), with: reducer)
              previous = returning
              returning = next
            }
          }
          blackHole(previous)
          previous = AppState(seed: 0)
          acknowledgeMarks(in: &returning, reducer: reducer)
          return time
        },
        {
          let slice = slice(3, count: marks)
          let time = nanosecondsPerOperation(marks) {
            for id in slice { store.send(.study(.view(.markSuccess(id)))) }
          }
          await store.settle()
          return time
        },
        {
          let slice = slice(4, count: marks)
          let time = nanosecondsPerOperation(marks) {
            for id in slice {
              _ = reducer.reduce(into: &inPlace, action: .study(.view(.markSuccess(id))))
            }
          }
          acknowledgeMarks(in: &inPlace, reducer: reducer)
          return time
        },
      ])
    blackHole(loaded.sink.total)
    blackHole(inPlace.tally)
    blackHole(returning.tally)

    let label = sizeLabel(size)
    let ours = Measurement(
      name: "Store.send.markSuccess(\(label))", scenario: name, size: size, unit: .nanoseconds,
      samples: samples[0])
    let bare = Measurement(
      name: "AppReducer.reduceInPlace.markSuccess(\(label))", scenario: name, size: size,
      unit: .nanoseconds, samples: samples[1])
    let copying = Measurement(
      name: "AppReducer.returningNewState.markSuccess(\(label))", scenario: name, size: size,
      unit: .nanoseconds, samples: samples[2])
    let oursRandom = Measurement(
      name: "Store.send.markSuccessRandom(\(label))", scenario: name, size: size,
      unit: .nanoseconds, samples: samples[3])
    let bareRandom = Measurement(
      name: "AppReducer.reduceInPlace.markSuccessRandom(\(label))", scenario: name, size: size,
      unit: .nanoseconds, samples: samples[4])
    results.add(oursRandom)
    results.add(bareRandom)
    results.compare(oursRandom, with: bareRandom, .atMost, 1.3)
    results.add(ours)
    results.add(bare)
    results.add(copying)
    results.compare(ours, with: bare, .atMost, 3)
    results.compare(ours, with: copying, .fasterBy, nil)
  }
}

/// A reducer in the `(State, Action) -> State` style: copies the state, applies the action,
/// and returns the copy while the caller still holds the old state.
@inline(never)
func reducing(_ state: AppState, _ action: AppAction, with reducer: AppReducer) -> AppState {
  var copy = state
  _ = reducer.reduce(into: &copy, action: action)
  return copy
}

/// Answers every batch of marks in flight as saved, as the service would, so the next run
/// starts with no pending writes, like the store after it settles.
func acknowledgeMarks(in state: inout AppState, reducer: AppReducer) {
  while state.hasUnsavedMarks {
    _ = reducer.reduce(into: &state, action: .study(.studyStatesSaved(.success([]))))
  }
}
