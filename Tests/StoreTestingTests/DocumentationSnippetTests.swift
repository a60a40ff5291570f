import Foundation
import StoreCore
import StoreTesting
import Testing

/// The examples of StoreTesting's documentation, as written there, so that they keep compiling
/// and saying what they show. Each example's own types are in a namespace of their own, apart
/// from this target's fixtures.
enum DocumentationSnippetTests {
  /// The article "Testing a reducer" (`StoreTesting.docc/TestingAReducer.md`) and the
  /// `assertReplay` examples, which use its todo list.
  enum Article {
    struct TodoState: Equatable {
      var isLoading = false
      var items: [String] = []
    }

    enum TodoAction: Equatable, Sendable, Codable {
      case add(String)
      case load
      case loaded([String])
    }

    struct Todos: Reducer {
      var fetch: @Sendable () async -> [String]

      func reduce(into state: inout TodoState, action: TodoAction) -> Effect<TodoAction> {
        switch action {
        case .add(let item):
          state.items.append(item)
          return .none
        case .load:
          state.isLoading = true
          return .run { send in await send(.loaded(await fetch())) }
        case .loaded(let items):
          state.isLoading = false
          state.items = items
          return .none
        }
      }
    }

    /// "Script it with the test store".
    @MainActor
    @Suite struct TodosTests {
      @Test func loading() async {
        let todos = Todos(fetch: { ["Milk", "Eggs"] })
        await withTestStore(initialState: TodoState(), reducer: todos) { store in
          store.send(.add("Tea")) { $0.items = ["Tea"] }
          store.send(.load) { $0.isLoading = true }
          await store.receive(.loaded(["Milk", "Eggs"])) {
            $0.isLoading = false
            $0.items = ["Milk", "Eggs"]
          }
        }
      }
    }

    /// "Replay a recorded session" and `assertReplay(logAt:from:reducer:checkpoint:)`: the
    /// session recorded here is the one `Logs/session.jsonl` holds.
    @MainActor
    @Suite struct Replaying {
      static let committedLog = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Logs/session.jsonl")

      @Test func recording() async throws {
        let path = FileManager.default.temporaryDirectory
          .appendingPathComponent("DocumentationSnippetTests-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fetchFromServer: @Sendable () async -> [String] = { ["Milk", "Eggs"] }

        let recorder = try JSONLinesActionRecorder<TodoAction>(path: path)
        let store = Store(
          initialState: TodoState(), reducer: Todos(fetch: fetchFromServer), recorder: recorder,
          checkpoint: { textDump(of: $0) })
        store.send(.add("Tea"))
        await store.send(.load).finish()
        store.finishRecording()

        let recorded = try String(contentsOfFile: path, encoding: .utf8)
        let committed = try String(contentsOf: Self.committedLog, encoding: .utf8)
        #expect(recorded == committed, "Logs/session.jsonl should be:\n\(recorded)")
      }

      @Test func recordedSession() {
        let log = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
          .appendingPathComponent("Logs/session.jsonl")
        let replayed = assertReplay(
          logAt: log, from: TodoState(), reducer: Todos(fetch: { [] }),
          checkpoint: { textDump(of: $0) })
        #expect(replayed == TodoState(isLoading: false, items: ["Milk", "Eggs"]))
      }
    }

    /// `assertReplay(_:from:reducer:checkpoint:)`.
    @Suite struct ReplayingEntries {
      @Test func recordedSession() {
        let log = [
          ActionLogEntry(
            sequence: 1, origin: .caller, action: TodoAction.add("Tea"),
            checkpoint: textDump(of: TodoState(items: ["Tea"])))
        ]
        let replayed = assertReplay(
          log, from: TodoState(), reducer: Todos(fetch: { [] }), checkpoint: { textDump(of: $0) })
        #expect(replayed.items == ["Tea"])
      }
    }

    /// "Snapshot a state".
    @Suite struct Snapshots {
      @MainActor @Test func afterLoading() async {
        let store = Store(initialState: TodoState(), reducer: Todos(fetch: { ["Milk", "Eggs"] }))
        await store.send(.load).finish()
        assertSnapshot(of: store.state, named: "loaded")
        #expect(store.state.items == ["Milk", "Eggs"])
      }
    }
  }

  /// `assertSnapshot(of:named:filePath:function:sourceLocation:)`.
  @Suite struct Snapshotting {
    struct TodoList {
      var items: [String]
    }

    @Test func studySession() {
      assertSnapshot(of: TodoList(items: ["Milk", "Eggs"]), named: "two-items")
      let stored = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent(
          "__Snapshots__/DocumentationSnippetTests/studySession.two-items.txt")
      let text = FileManager.default.contents(atPath: stored.path).map {
        String(decoding: $0, as: UTF8.self)
      }
      #expect(text == textDump(of: TodoList(items: ["Milk", "Eggs"])) + "\n")
    }
  }

  /// `textDump(of:)`, of a `Todo` declared at the top level as an app's would be.
  @Suite struct Dumping {
    @Test func aSetIsSorted() {
      #expect(
        textDump(of: Todo(id: 1, title: "Milk", tags: ["b", "a"]))
          == #"Todo(id: 1, title: "Milk", tags: Set(["a", "b"]))"#)
      // Todo(id: 1, title: "Milk", tags: Set(["a", "b"]))
    }
  }

  struct SaveFailure: Error, Equatable {}

  /// `TestStore`: a counter that saves its count.
  @Suite struct Saving {
    struct Counter: Reducer {
      struct State: Equatable {
        var count = 0
        var lastSaved: Int?
      }

      enum Action: Equatable, Sendable {
        case incrementTapped
        case saved(Result<Int, SaveFailure>)
      }

      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .incrementTapped:
          state.count += 1
          let count = state.count
          return .run { send in await send(.saved(.success(count))) }
        case .saved(.success(let count)):
          state.lastSaved = count
          return .none
        case .saved(.failure):
          return .none
        }
      }
    }

    @MainActor @Test func incrementing() async {
      await withTestStore(initialState: Counter.State(), reducer: Counter()) { store in
        store.send(.incrementTapped) { $0.count = 1 }
        await store.receive(.saved(.success(1))) { $0.lastSaved = 1 }
        #expect(store.state == Counter.State(count: 1, lastSaved: 1))
      }
    }
  }

  /// `withTestStore`: a todo list that loads from a service.
  @Suite struct Loading {
    struct Service: Sendable {
      var items: [String]
      func fetch() async -> Result<[String], SaveFailure> { .success(items) }
    }

    struct Todos: Reducer {
      struct State: Equatable {
        var isLoading = false
        var items: [String] = []
      }

      enum Action: Equatable, Sendable {
        case appeared
        case loaded(Result<[String], SaveFailure>)
      }

      var service: Service

      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .appeared:
          state.isLoading = true
          return .run { [service] send in await send(.loaded(await service.fetch())) }
        case .loaded(let result):
          state.isLoading = false
          state.items = (try? result.get()) ?? []
          return .none
        }
      }
    }

    @MainActor @Test func loading() async {
      let service = Service(items: ["Milk"])
      await withTestStore(initialState: Todos.State(), reducer: Todos(service: service)) { store in
        store.send(.appeared) { $0.isLoading = true }
        await store.receive(.loaded(.success(["Milk"]))) {
          $0.isLoading = false
          $0.items = ["Milk"]
        }
        #expect(store.state.items == ["Milk"])
      }
    }
  }

  /// `TestStore.receive(_:matching:sourceLocation:assert:)`: an action that is not `Equatable`.
  /// (`receive(_:extracting:sourceLocation:assert:)`'s example is written in Wordbook's actions,
  /// and `WordbookTests` runs it as `WordList.append(_:)`'s.)
  @Suite struct Receiving {
    struct Word: Equatable, Sendable {
      var id: Int
      var term: String
    }

    struct State: Equatable {
      var isLoading = false
      var words: [Word] = []
    }

    enum Action: Sendable {
      case load
      case wordsLoaded([Word])
    }

    struct Words: Reducer {
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .load:
          state.isLoading = true
          return .run { send in await send(.wordsLoaded([])) }
        case .wordsLoaded(let words):
          state.isLoading = false
          state.words = words
          return .none
        }
      }
    }

    @MainActor @Test func matching() async {
      await withTestStore(initialState: State(), reducer: Words()) { store in
        store.send(.load) { $0.isLoading = true }
        await store.receive(
          "wordsLoaded", matching: { if case .wordsLoaded = $0 { true } else { false } }
        ) {
          $0.isLoading = false
        }
        #expect(!store.state.isLoading)
      }
    }
  }
}

/// The value of the `textDump(of:)` example.
struct Todo {
  var id: Int
  var title: String
  var tags: Set<String>
}
