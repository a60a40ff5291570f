import StoreCore
import StoreTesting
import Testing

/// Every way a test-store script can fail, and the message it fails with.
@MainActor
@Suite struct TestStoreFailureTests {
  @Test func aWrongExpectationFailsWithADiffOfTheWholeState() async throws {
    let store = TestStore(initialState: TodoState(items: ["Tea"]), reducer: Todos())
    let line = #line + 2
    let issues = await recordedIssues {
      store.send(.add("Milk")) { $0.items.append("Coffee") }
    }
    let issue = try #require(issues.first)
    #expect(issues.count == 1)
    #expect(issue.line == line)
    #expect(
      issue.message == """
        The state after send(.add("Milk")) is not the expected one (- expected, + actual):
        - TodoState(errorMessage: nil, isLoading: false, items: ["Tea", "Coffee"], ticks: 0)
        + TodoState(errorMessage: nil, isLoading: false, items: ["Tea", "Milk"], ticks: 0)
        """)
  }

  @Test func aStateChangeWithoutAClosureFails() async throws {
    let store = TestStore(initialState: TodoState(), reducer: Todos())
    let issues = await recordedIssues { store.send(.add("Milk")) }
    let message = try #require(issues.first?.message)
    #expect(message.hasPrefix("send(.add(\"Milk\")) changed the state, but no closure says how"))
    #expect(message.contains("+ TodoState(errorMessage: nil, isLoading: false, items: [\"Milk\"]"))
  }

  @Test func aClosureThatChangesNothingFails() async throws {
    let store = TestStore(initialState: TodoState(), reducer: Todos())
    let issues = await recordedIssues {
      store.send(.remove(0)) { $0.items = [] }
    }
    #expect(
      issues.map(\.message) == [
        "The closure of send(.remove(0)) changed nothing, and neither did the action. "
          + "Remove the closure."
      ])
  }

  @Test func aClosureThatChangesNothingWhileTheStateChangedFails() async throws {
    let store = TestStore(initialState: TodoState(), reducer: Todos())
    let issues = await recordedIssues {
      store.send(.add("Tea")) { $0.items = [] }
    }
    let message = try #require(issues.first?.message)
    #expect(message.hasPrefix("The closure of send(.add(\"Tea\")) changed nothing, but the state"))
  }

  @Test func receivingAnotherActionFailsWithADiff() async throws {
    let store = TestStore(initialState: TodoState(), reducer: Todos())
    store.send(.load) { $0.isLoading = true }
    let line = #line + 2
    let issues = await recordedIssues {
      await store.receive(.loaded(["Milk"])) { $0.items = ["Milk"] }
    }
    #expect(issues.map(\.line) == [line])
    #expect(
      issues.first?.message == """
        receive(.loaded(["Milk"])) got another action (- expected, + received):
        - .loaded(["Milk"])
        + .loaded(["Milk", "Eggs"])
        """)
    await store.finish()
  }

  @Test func receivingWhenNothingRunsFails() async {
    let store = TestStore(initialState: TodoState(), reducer: Todos())
    let issues = await recordedIssues { await store.receive(.tick) }
    #expect(
      issues.map(\.message) == [
        "receive(.tick) found no action: every effect has finished and none sent one."
      ])
  }

  @Test func finishFailsAtTheSendWhoseEffectSentAnUnreceivedAction() async throws {
    let store = TestStore(initialState: TodoState(), reducer: Todos())
    let sendLine = #line + 1
    store.send(.load) { $0.isLoading = true }
    let issues = await recordedIssues { await store.finish() }
    let issue = try #require(issues.first)
    #expect(issues.count == 1)
    #expect(issue.line == sendLine)
    #expect(issue.message.hasPrefix("The effect made at StoreTestingTests/Fixtures.swift:"))
    #expect(
      issue.message.hasSuffix(
        #"started by send(.load), sent .loaded(["Milk", "Eggs"]), which the test did not receive."#
      ))
  }

  @Test func finishFailsAtTheSendWhoseEffectIsStillRunning() async throws {
    let timer = ManualTimer()
    let store = TestStore(
      initialState: TodoState(), reducer: Todos(timer: { timer.stream }),
      effectTimeout: .milliseconds(20))
    let sendLine = #line + 1
    store.send(.startTimer)
    let issues = await recordedIssues { await store.finish() }
    let issue = try #require(issues.first)
    #expect(issues.count == 1)
    #expect(issue.line == sendLine)
    #expect(issue.message.contains("started by send(.startTimer), is still running after"))
  }

  @Test func receiveTimesOutNamingTheSendThatStartedTheEffect() async throws {
    let timer = ManualTimer()
    let store = TestStore(
      initialState: TodoState(), reducer: Todos(timer: { timer.stream }),
      effectTimeout: .milliseconds(20))
    let sendLine = #line + 1
    store.send(.startTimer)
    let issues = await recordedIssues { await store.receive(.tick) }
    let message = try #require(issues.first?.message)
    #expect(message.hasPrefix("receive(.tick) timed out after"))
    #expect(
      message.contains(
        "started by send(.startTimer) at StoreTestingTests/TestStoreFailureTests.swift:\(sendLine)")
    )
    store.send(.stopTimer)
    await store.finish()
  }

  @Test func anEffectErrorWithoutCatchHandlerFailsTheTest() async throws {
    let store = TestStore(initialState: TodoState(), reducer: Todos())
    let sendLine = #line + 2
    let issues = await recordedIssues {
      store.send(.explode)
      await store.finish()
    }
    #expect(issues.map(\.line) == [sendLine])
    let message = try #require(issues.first?.message)
    #expect(message.hasPrefix("Runtime warning: StoreTestingTests/Fixtures.swift:"))
    #expect(message.contains("LoadFailure(reason: \"boom\")"))
  }

  @Test func sendingAfterFinishFails() async {
    let store = TestStore(initialState: TodoState(), reducer: Todos())
    await store.finish()
    let issues = await recordedIssues { store.send(.remove(0)) }
    #expect(issues.map(\.message) == ["send(.remove(0)) after finish(): make a new test store."])
  }

  @Test func theScopedFormRunsTheEndOfTestChecksEvenWhenTheBodyThrows() async {
    let issues = await recordedIssues {
      do {
        try await withTestStore(initialState: TodoState(), reducer: Todos()) { store in
          store.send(.load) { $0.isLoading = true }
          throw LoadFailure(reason: "test gave up")
        }
      } catch {
        #expect(error as? LoadFailure == LoadFailure(reason: "test gave up"))
      }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("which the test did not receive") == true)
  }

  @Test func aThrowingClosureFails() async throws {
    let store = TestStore(initialState: TodoState(), reducer: Todos())
    let issues = await recordedIssues {
      store.send(.add("Tea")) { _ in throw LoadFailure(reason: "bad closure") }
    }
    #expect(issues.first?.message == "The closure of send(.add(\"Tea\")) threw.")
  }

  @Test func nonExhaustiveStoresStillCheckWhatIsAsserted() async throws {
    await withTestStore(initialState: TodoState(), reducer: Todos(), exhaustivity: .off) {
      store in
      let issues = await recordedIssues {
        store.send(.add("Tea")) { $0.items = ["Coffee"] }
      }
      let message = try? #require(issues.first?.message)
      #expect(
        message?.contains("- TodoState(errorMessage: nil, isLoading: false, items: [\"Coffee\"]")
          == true)
    }
  }
}
