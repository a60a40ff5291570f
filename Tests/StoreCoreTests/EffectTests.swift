import StoreCore
import Testing

/// The actions of the effect tests: a request, its results, and cancellation.
enum SearchAction: Hashable, Sendable {
  case cancelSearch
  case failed(String)
  case result(String)
  case search(String)
  case searchReplacing(String)
}

@MainActor
@Suite struct EffectTests {
  /// A reducer whose searches wait at `gate` before answering.
  func searchReducer(gate: Gate) -> Reduce<[String], SearchAction> {
    Reduce { state, action in
      switch action {
      case .cancelSearch:
        return .cancel(id: "search")
      case .failed(let message):
        state.append("failed: \(message)")
        return .none
      case .result(let text):
        state.append(text)
        return .none
      case .search(let query):
        return .run { send in
          await gate.wait()
          await send(.result(query))
        }
        .cancellable(id: "search")
      case .searchReplacing(let query):
        return .run { send in
          await gate.wait()
          await send(.result(query))
        }
        .cancellable(id: "search", cancelInFlight: true)
      }
    }
  }

  @Test func sendEffectsAreProcessedRightAfterTheirAction() {
    let store = Store(
      initialState: [String](),
      reducer: Reduce<[String], SearchAction> { state, action in
        switch action {
        case .search(let query):
          state.append("search \(query)")
          return .merge(.send(.result("\(query)1")), .none, .send(.result("\(query)2")))
        case .result(let text):
          state.append(text)
          return .none
        default:
          return .none
        }
      })
    store.send(.search("a"))
    #expect(store.state == ["search a", "a1", "a2"])
    #expect(store.processedActionCount == 3)
  }

  @Test func actionsFromAnEffectArriveInTheOrderSent() async {
    let store = Store(
      initialState: [String](),
      reducer: Reduce<[String], SearchAction> { state, action in
        switch action {
        case .search:
          return .run { send in
            for index in 1...5 { await send(.result("\(index)")) }
          }
        case .result(let text):
          state.append(text)
          return .none
        default:
          return .none
        }
      })
    await store.send(.search("")).finish()
    #expect(store.state == ["1", "2", "3", "4", "5"])
  }

  @Test func cancelByIDStopsTheEffect() async {
    let gate = Gate()
    let store = Store(initialState: [String](), reducer: searchReducer(gate: gate))
    let search = store.send(.search("a"))
    #expect(store.runningEffectCount == 1)
    store.send(.cancelSearch)
    #expect(search.isCancelled)
    await gate.open()
    await search.finish()
    #expect(store.state.isEmpty)
    #expect(store.runningEffectCount == 0)
  }

  @Test func cancellingTheStoreTaskStopsTheEffect() async {
    let gate = Gate()
    let store = Store(initialState: [String](), reducer: searchReducer(gate: gate))
    let search = store.send(.search("a"))
    search.cancel()
    #expect(search.isCancelled)
    await gate.open()
    await search.finish()
    #expect(store.state.isEmpty)
    #expect(store.runningEffectCount == 0)
  }

  @Test func cancelInFlightKeepsOnlyTheNewestEffect() async {
    let gate = Gate()
    let store = Store(initialState: [String](), reducer: searchReducer(gate: gate))
    let first = store.send(.searchReplacing("a"))
    let second = store.send(.searchReplacing("ab"))
    #expect(first.isCancelled)
    #expect(!second.isCancelled)
    await gate.open()
    await first.finish()
    await second.finish()
    #expect(store.state == ["ab"])
  }

  @Test func withoutCancelInFlightBothEffectsAnswer() async {
    let gate = Gate()
    let store = Store(initialState: [String](), reducer: searchReducer(gate: gate))
    let first = store.send(.search("a"))
    let second = store.send(.search("ab"))
    #expect(store.runningEffectCount == 2)
    await gate.open()
    await first.finish()
    await second.finish()
    #expect(store.state.sorted() == ["a", "ab"])
    #expect(store.runningEffectCount == 0)
  }

  @Test func aCatchHandlerTurnsAnErrorIntoAnAction() async {
    var warnings: [RuntimeWarning] = []
    let store = Store(
      initialState: [String](),
      reducer: Reduce<[String], SearchAction> { state, action in
        switch action {
        case .search:
          return .run { _ in
            throw Boom()
          } catch: { error, send in
            await send(.failed("\(error)"))
          }
        case .failed(let message):
          state.append(message)
          return .none
        default:
          return .none
        }
      },
      onWarning: { warnings.append($0) })
    await store.send(.search("a")).finish()
    #expect(store.state == ["Boom()"])
    #expect(warnings.isEmpty)
  }

  @Test func anErrorWithoutHandlerIsAWarningNamingTheEffect() async throws {
    var warnings: [RuntimeWarning] = []
    let effectLine = #line + 2
    let reducer = Reduce<[String], SearchAction> { _, _ in
      .run { _ in throw Boom() }
    }
    let store = Store(
      initialState: [String](), reducer: reducer, onWarning: { warnings.append($0) })
    await store.send(.search("a")).finish()
    let warning = try #require(warnings.first)
    #expect(warnings.count == 1)
    #expect(warning.origin == CodeLocation(fileID: #fileID, line: effectLine))
    #expect(warning.message.contains("Boom()"))
    #expect(warning.description.hasPrefix("StoreCoreTests/EffectTests.swift:\(effectLine): "))
  }

  @Test func cancellationIsNotReportedAsAnError() async {
    var warnings: [RuntimeWarning] = []
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, CounterAction> { _, action in
        guard action == .increment else { return .cancel(id: 1) }
        return .run { _ in try await Task.sleep(for: .seconds(600)) }.cancellable(id: 1)
      },
      onWarning: { warnings.append($0) })
    let task = store.send(.increment)
    store.send(.decrement)
    await task.finish()
    #expect(warnings.isEmpty)
  }

  @Test func mapTransformsEveryAction() async {
    let effect = Effect<Int>.merge(
      .send(1),
      .run { send in await send(2) }.cancellable(id: "mapped")
    ).map { "\($0)" }
    let store = Store(
      initialState: [String](),
      reducer: Reduce<[String], String> { state, action in
        if action == "start" { return effect }
        state.append(action)
        return .none
      })
    await store.send("start").finish()
    #expect(store.state == ["1", "2"])
  }

  @Test func mergingNothingIsNone() async {
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, CounterAction> { state, _ in
        state += 1
        return .merge(.none, .none).cancellable(id: "nothing")
      })
    let task = store.send(.increment)
    await task.finish()
    #expect(store.runningEffectCount == 0)
    #expect(store.state == 1)
  }

  @Test func awaitingASendAwaitsTheEffectsOfTheActionsItsEffectsSent() async {
    let gate = Gate()
    let store = Store(
      initialState: [String](),
      reducer: Reduce<[String], SearchAction> { state, action in
        switch action {
        case .search(let query):
          return .send(.searchReplacing(query))
        case .searchReplacing(let query):
          return .run { send in
            await gate.wait()
            await send(.result(query))
          }
        case .result(let text):
          state.append(text)
          return .none
        default:
          return .none
        }
      })
    let task = store.send(.search("a"))
    await gate.open()
    await task.finish()
    #expect(store.state == ["a"])
  }

  @Test func anErrorOfAnEffectThatOutlivesItsStoreIsStillReported() async {
    let gate = Gate()
    var warnings: [RuntimeWarning] = []
    var store: Store<Int, CounterAction>? = Store(
      initialState: 0,
      reducer: Reduce<Int, CounterAction> { _, _ in
        .run { _ in
          await gate.wait()
          throw Boom()
        }
      },
      onWarning: { warnings.append($0) })
    let task = store?.send(.increment)
    store = nil
    await gate.open()
    await task?.finish()
    #expect(warnings.count == 1)
  }

  @Test func settleWaitsForEffectsStartedByEffects() async {
    let gate = Gate()
    let store = Store(
      initialState: [String](),
      reducer: Reduce<[String], SearchAction> { state, action in
        switch action {
        case .search(let query):
          return .run { send in
            await gate.wait()
            await send(.searchReplacing(query))
          }
        case .searchReplacing(let query):
          return .run { send in await send(.result(query)) }
        case .result(let text):
          state.append(text)
          return .none
        default:
          return .none
        }
      })
    store.send(.search("a"))
    #expect(store.runningEffectCount == 1)
    await gate.open()
    await store.settle()
    #expect(store.state == ["a"])
    #expect(store.runningEffectCount == 0)
  }
}
