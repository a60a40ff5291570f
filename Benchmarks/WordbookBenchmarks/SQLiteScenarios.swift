import StoreCore
import Wordbook
import WordbookInterchange
import WordbookSQLite

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Loading a book of N words from SQLite into the store, beside the `sqlite3` shell running
/// the same `SELECT` (output to `/dev/null`) as a child process.
///
/// The store's time runs from `.books(.view(.selectBook))` to the store settling: the service's read, the
/// effect's round trip and the store building its word list. The shell's time includes
/// starting the process (a few milliseconds), which dominates at small sizes.
struct SQLiteLoadScenario: Scenario {
  let name = "sqliteLoad"

  func run(size: Int, runs: Int, into results: Results) async throws {
    guard let shell = SQLiteShell.find(results) else { return }
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let path = folder.file("load.sqlite")
    let service = try SQLiteWordService(path: path)
    let summary = try await service.importWords(
      Fixtures.drafts(count: size, marks: .mixed), intoBookTitled: "Benchmark",
      onDuplicate: .keep, progress: { _ in })
    let bookID = summary.book.id
    let store = Store(initialState: AppState(seed: 42), reducer: AppReducer(service: service))
    store.send(.books(.view(.loadBooks)))
    await store.settle()
    let query =
      "SELECT id, term, meaning, image_reference, study_state FROM words "
      + "WHERE book_id = \(bookID.rawValue) ORDER BY id"
    var failure: (any Error)?

    let samples = await interleavedSamples(
      runs: runs,
      [
        {
          let start = wallNow()
          store.send(.books(.view(.selectBook(bookID))))
          await store.settle()
          let time = Double(wallNow() - start)
          if store.state.session.words.count != size {
            failure = ChildProcessError(
              description: "the store loaded \(store.state.session.words.count) of \(size) words")
          }
          return time
        },
        {
          do {
            return try wallNanoseconds {
              _ = try ChildProcess.run(shell, [path, query], discardsOutput: true)
            }
          } catch {
            failure = error
            return .nan
          }
        },
      ])
    if let failure { throw failure }

    let label = sizeLabel(size)
    let ours = Measurement(
      name: "Store.load.fromSQLite(\(label))", scenario: name, size: size, unit: .nanoseconds,
      samples: samples[0])
    let baseline = Measurement(
      name: "sqlite3.select(\(label))", scenario: name, size: size, unit: .nanoseconds,
      samples: samples[1])
    results.add(ours)
    results.add(baseline)
    results.compare(ours, with: baseline, .atMost, 2)
  }
}

/// Importing a TSV file of N rows: Wordbook's reader and `SQLiteWordService.importWords`,
/// beside the `sqlite3` shell's plain fastest import of the same file
/// (``SQLiteShell/importScript(tsv:)``: `.import` into a temporary table, then one
/// `INSERT … SELECT`).
///
/// Both write one transaction into a new database made by `SQLiteWordService` (WAL,
/// `synchronous = FULL`), with the same tables, triggers and search index. Duplicates are
/// kept (`DuplicatePolicy.keep`), as `.import` keeps them. Creating the empty databases is
/// not timed.
struct SQLiteImportScenario: Scenario {
  let name = "sqliteImport"

  func run(size: Int, runs: Int, into results: Results) async throws {
    guard let shell = SQLiteShell.find(results) else { return }
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let tsv = folder.file("words.tsv")
    try CommandScenario.writeWords(to: tsv, count: size)
    let script = folder.file("import.sql")
    try writeTextFile(script, SQLiteShell.importScript(tsv: tsv))
    var round = 0
    var failure: (any Error)?

    let samples = await interleavedSamples(
      runs: runs,
      [
        {
          round += 1
          do {
            let service = try SQLiteWordService(path: folder.file("ours\(round).sqlite"))
            let start = wallNow()
            guard let bytes = readFile(tsv) else { throw WriteError(path: tsv) }
            let parsed = try FlashcardReader.read(bytes, format: .tsv)
            let summary = try await service.importWords(
              parsed.rows.map(\.draft), intoBookTitled: "Import", onDuplicate: .keep,
              progress: { _ in })
            let time = Double(wallNow() - start)
            if summary.rowCount != size {
              throw ChildProcessError(description: "imported \(summary.rowCount) of \(size)")
            }
            return time
          } catch {
            failure = error
            return .nan
          }
        },
        {
          do {
            let path = folder.file("shell\(round).sqlite")
            try CommandScenario.createDatabase(path)
            return try wallNanoseconds {
              _ = try ChildProcess.run(
                shell, CommandScenario.shellSettings + [path], input: script,
                discardsOutput: true)
            }
          } catch {
            failure = error
            return .nan
          }
        },
      ])
    if let failure { throw failure }

    let label = sizeLabel(size)
    let ours = Measurement(
      name: "SQLiteWordService.importTSV(\(label))", scenario: name, size: size,
      unit: .nanoseconds, samples: samples[0])
    let baseline = Measurement(
      name: "sqlite3.import(\(label))", scenario: name, size: size, unit: .nanoseconds,
      samples: samples[1])
    results.add(ours)
    results.add(baseline)
    results.compare(ours, with: baseline, .atMost, 1)
  }
}
