import StoreCore
import Wordbook
import WordbookTesting

/// Peak resident memory of a child process holding an N-word book in the store, beside one
/// holding a bare `[Word]` of the same words; and of one holding five sessions' stores of the
/// same book, each loaded from a read of its own, beside one holding one such store.
///
/// Each child is this executable started again with a hidden flag. The holding peak is taken
/// after loading: the peak is reset (`clear_refs`), the store shuffles and toggles through
/// every study mode, and the new peak is read. The load peak, which includes the `[Word]`
/// the service hands to the store while the store builds its own storage, is shown beside it.
struct MemoryScenario: Scenario {
  let name = "memory"

  func run(size: Int, runs: Int, into results: Results) async throws {
    let executable = ChildProcess.currentExecutable
    let label = sizeLabel(size)
    var storeHolding: [Double] = []
    var storeLoading: [Double] = []
    var arrayHolding: [Double] = []
    for _ in 0..<min(runs, 3) {
      for holding in ["store", "array"] {
        let output = try ChildProcess.run(
          executable, [Options.memoryChildFlag, holding, String(size)])
        let report = MemoryChildReport(parsing: output)
        if holding == "store" {
          storeHolding.append(Double(report.holdingPeak))
          storeLoading.append(Double(report.loadPeak))
        } else {
          arrayHolding.append(Double(report.holdingPeak))
        }
      }
    }
    let ours = Measurement(
      name: "Store.memory(\(label))", scenario: name, size: size, unit: .bytes,
      samples: storeHolding)
    let loading = Measurement(
      name: "Store.memoryWhileLoading(\(label))", scenario: name, size: size, unit: .bytes,
      samples: storeLoading)
    let bare = Measurement(
      name: "WordArray.memory(\(label))", scenario: name, size: size, unit: .bytes,
      samples: arrayHolding)
    results.add(ours)
    results.add(loading)
    results.add(bare)
    results.compare(ours, with: bare, .atMost, 1.15)
    results.compare(loading, with: bare, .atMost, nil)
    try measureSessions(size: size, runs: runs, into: results)
  }

  /// Five sessions of one book beside one: the book's text is held once, so five cost at most
  /// 1.25× one, and each session beyond the first at most a tenth of the first's.
  private func measureSessions(size: Int, runs: Int, into results: Results) throws {
    let label = sizeLabel(size)
    var held: [Int: [Double]] = [1: [], 5: []]
    for _ in 0..<min(runs, 3) {
      for sessions in [1, 5] {
        let output = try ChildProcess.run(
          ChildProcess.currentExecutable,
          [Options.memoryChildFlag, "sessions:\(sessions)", String(size)])
        held[sessions, default: []].append(Double(MemoryChildReport(parsing: output).heldByWords))
      }
    }
    let one = Measurement(
      name: "Store.memoryOfOneSession(\(label))", scenario: name, size: size, unit: .bytes,
      samples: held[1] ?? [])
    let five = Measurement(
      name: "Store.memoryOfFiveSessions(\(label))", scenario: name, size: size, unit: .bytes,
      samples: held[5] ?? [])
    let extra = Measurement(
      name: "Store.memoryOfAnotherSession(\(label))", scenario: name, size: size, unit: .bytes,
      samples: zip(held[5] ?? [], held[1] ?? []).map { max(($0 - $1) / 4, 0) })
    results.add(one)
    results.add(five)
    results.add(extra)
    results.compare(five, with: one, .atMost, 1.25)
    results.compare(extra, with: one, .atMost, 0.10)
  }
}

/// What a memory child prints: its resident size before it made the words and its peaks, in
/// bytes, one `name value` per line.
struct MemoryChildReport {
  var beforeWords = 0
  var loadPeak = 0
  var holdingPeak = 0

  init(beforeWords: Int, loadPeak: Int, holdingPeak: Int) {
    self.beforeWords = beforeWords
    self.loadPeak = loadPeak
    self.holdingPeak = holdingPeak
  }

  init(parsing output: String) {
    for line in output.split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard fields.count == 2, let value = Int(fields[1]) else { continue }
      if fields[0] == "beforeWords" { beforeWords = value }
      if fields[0] == "loadPeak" { loadPeak = value }
      if fields[0] == "holdingPeak" { holdingPeak = value }
    }
  }

  /// What holding the words costs: the holding peak above the process's size before them.
  var heldByWords: Int { holdingPeak - beforeWords }

  var text: String {
    "beforeWords \(beforeWords)\nloadPeak \(loadPeak)\nholdingPeak \(holdingPeak)\n"
  }
}

/// The body of a memory child.
@MainActor
enum MemoryChild {
  static func run(holding: String, size: Int) async -> Int32 {
    let report: MemoryChildReport
    switch holding {
    case "store": report = await holdStore(size: size)
    case "array": report = holdArray(size: size)
    case let sessions where sessions.hasPrefix("sessions:"):
      guard let count = Int(sessions.dropFirst("sessions:".count)), count > 0 else { return 2 }
      report = await holdSessions(count, size: size)
    default:
      print("error: a memory child holds 'store', 'array' or 'sessions:N', not '\(holding)'")
      return 2
    }
    print(report.text, terminator: "")
    return 0
  }

  private static func holdStore(size: Int) async -> MemoryChildReport {
    let (store, book) = await storeAskingForWords()
    let beforeWords = ResidentMemory.current
    store.send(.study(.wordsLoaded(book.id, .success(Fixtures.words(count: size, marks: .mixed)))))
    guard store.state.session.words.count == size else {
      fatalError("the store holds \(store.state.session.words.count) words, not \(size)")
    }
    let loadPeak = ResidentMemory.peak
    guard ResidentMemory.resetPeak() else {
      return MemoryChildReport(beforeWords: beforeWords, loadPeak: loadPeak, holdingPeak: loadPeak)
    }
    store.send(.study(.view(.shuffle)))
    for _ in StudyMode.allCases { store.send(.study(.view(.toggleStudyMode))) }
    blackHole(store.state.visibleWords.count)
    return MemoryChildReport(
      beforeWords: beforeWords, loadPeak: loadPeak, holdingPeak: ResidentMemory.peak)
  }

  /// A store that chose a book and waits for its words, and the book.
  private static func storeAskingForWords() async -> (Store<AppState, AppAction>, WordBook) {
    // The service holds nothing: it holds the store's request for the book's words, and the
    // book reaches the store as that request's answer would, so the child holds the store's
    // copy only. (Answering after the request had failed would be ignored, as a stale answer.)
    let service = ScriptedWordService(wrapping: InMemoryWordService())
    await service.hold(.fetchWords, call: 1)
    let store = Store(initialState: AppState(seed: 42), reducer: AppReducer(service: service))
    // Not counted in the list, so the store asks for the whole book at once, as the memory
    // measured here is a loaded book's, not a first page's.
    let book = WordBook(id: WordBook.ID(1), title: "Benchmark", wordCount: 0)
    store.send(.books(.booksLoaded(.success([book]))))
    store.send(.books(.view(.selectBook(book.id))))
    await service.waitUntilHeld(.fetchWords)
    return (store, book)
  }

  /// `count` stores of one book, as the sessions of a server studying it, each loaded from a
  /// read of the book of its own, as each session's service call returns new strings.
  private static func holdSessions(_ count: Int, size: Int) async -> MemoryChildReport {
    let beforeWords = ResidentMemory.current
    var stores: [Store<AppState, AppAction>] = []
    for _ in 0..<count {
      let (store, book) = await storeAskingForWords()
      store.send(
        .study(.wordsLoaded(book.id, .success(Fixtures.words(count: size, marks: .mixed)))))
      stores.append(store)
      // What the store's load effect does once the words it read are freed.
      FreedMemory.returnToSystem()
    }
    let loadPeak = ResidentMemory.peak
    guard ResidentMemory.resetPeak() else {
      return MemoryChildReport(beforeWords: beforeWords, loadPeak: loadPeak, holdingPeak: loadPeak)
    }
    for store in stores {
      store.send(.study(.view(.shuffle)))
      for _ in StudyMode.allCases { store.send(.study(.view(.toggleStudyMode))) }
      blackHole(store.state.visibleWords.count)
    }
    return MemoryChildReport(
      beforeWords: beforeWords, loadPeak: loadPeak, holdingPeak: ResidentMemory.peak)
  }

  private static func holdArray(size: Int) -> MemoryChildReport {
    let beforeWords = ResidentMemory.current
    var words = Fixtures.words(count: size, marks: .mixed)
    let loadPeak = ResidentMemory.peak
    guard ResidentMemory.resetPeak() else {
      return MemoryChildReport(beforeWords: beforeWords, loadPeak: loadPeak, holdingPeak: loadPeak)
    }
    var generator = SplitMix64(seed: 42)
    words.fisherYatesShuffle(using: &generator)
    blackHole(words.count)
    let holdingPeak = ResidentMemory.peak
    withExtendedLifetime(words) {}
    return MemoryChildReport(
      beforeWords: beforeWords, loadPeak: loadPeak, holdingPeak: holdingPeak)
  }
}
