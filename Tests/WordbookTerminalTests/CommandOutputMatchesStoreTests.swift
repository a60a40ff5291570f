import Foundation
import StoreCore
import Testing
import Wordbook
import WordbookSQLite

/// `wordbook words`, `stats` and `export`, which read the service page by page, print what the
/// store loads from the same database: the smoke check of the commands benchmark.
@Suite struct CommandOutputMatchesStoreTests {
  /// Words of every study state, some needing CSV quotes, in chunks that alternate between
  /// the books so a book's IDs are not contiguous. "Paged" holds exactly two pages of
  /// `CommandSession.pageSize` (4096) words, so the last page read is empty; "Small" holds
  /// less than one.
  private static func fill(_ service: SQLiteWordService) async throws {
    let states: [StudyState] = [.notStudied, .success, .fail]
    func drafts(_ prefix: String, _ range: ClosedRange<Int>) -> [WordDraft] {
      range.map { index in
        WordDraft(
          term: index % 50 == 0 ? "\(prefix) 단어 \(index)" : "\(prefix)\(index)",
          meaning: index % 70 == 0 ? "meaning, \"quoted\" \(index)" : "meaning \(index)",
          studyState: states[index % 3])
      }
    }
    for chunk in 0..<4 {
      _ = try await service.importWords(
        drafts("paged", chunk * 2048 + 1...chunk * 2048 + 2048), intoBookTitled: "Paged",
        onDuplicate: .keep, progress: { _ in })
      _ = try await service.importWords(
        drafts("small", chunk * 75 + 1...chunk * 75 + 75), intoBookTitled: "Small",
        onDuplicate: .keep, progress: { _ in })
    }
  }

  /// The books and their words as the store loads them.
  @MainActor
  private static func loadThroughStore(path: String) async throws -> [(WordBook, AppState)] {
    let store = Store(
      initialState: AppState(seed: 1),
      reducer: AppReducer(service: try SQLiteWordService(path: path)))
    store.send(.books(.view(.loadBooks)))
    await store.settle()
    var loaded: [(WordBook, AppState)] = []
    for book in store.state.list.books {
      store.send(.books(.view(.selectBook(book.id))))
      await store.settle()
      loaded.append((book, store.state))
    }
    return loaded
  }

  /// The state as `wordbook words` lists it.
  private static func listedState(_ state: StudyState) -> String {
    stateName(state)
  }

  /// The state as an export names it, as every command does: the one spelling.
  private static func stateName(_ state: StudyState) -> String {
    switch state {
    case .notStudied: "not-studied"
    case .success: "known"
    case .fail: "not-known"
    }
  }

  /// A CSV field as an exact export writes it: quoted when it holds a comma, a quote or a line
  /// break, or has blanks at its ends.
  private static func csvField(_ text: String) -> String {
    let needsQuotes =
      text.contains { ",\"\n\r".contains($0) }
      || text.first.map { " \t".contains($0) } == true
      || text.last.map { " \t".contains($0) } == true
    guard needsQuotes else { return text }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  @Test func wordsStatsAndExportPrintWhatTheStoreLoads() async throws {
    let process = try WordbookProcess()
    defer { process.removeFolder() }
    let path = process.databasePath
    try await Self.fill(SQLiteWordService(path: path))
    let loaded = try await Self.loadThroughStore(path: path)
    #expect(loaded.map(\.0.title) == ["Paged", "Small"])
    #expect(loaded.map { $0.1.session.words.count } == [8192, 300])

    var stats = ""
    for (book, state) in loaded {
      let words = state.session.words.allWords.sorted { $0.id.rawValue < $1.id.rawValue }
      #expect(Set(words.map(\.studyState)).count == 3)
      let listing = try await process.run(["--db", path, "words", "\(book.id)"])
      #expect(listing.status == 0)
      #expect(listing.error.isEmpty)
      let expectedListing = words.map { word in
        "\(word.id)\t\(Self.listedState(word.studyState))\t\(word.term)\t\(word.meaning)\n"
      }.joined()
      #expect(listing.output == expectedListing)

      let export = try await process.run(["--db", path, "export", "\(book.id)"])
      #expect(export.status == 0)
      let expectedExport =
        "term,meaning,state,image\n"
        + words.map { word in
          [word.term, word.meaning, Self.stateName(word.studyState), word.imageReference ?? ""]
            .map(Self.csvField)
            .joined(separator: ",") + "\n"
        }.joined()
      #expect(export.output == expectedExport)

      let tally = state.tally
      stats +=
        "\(book.id)\t\(book.title)\ttotal \(tally.total)\tknown \(tally.success)\t"
        + "not-known \(tally.fail)\tnot-studied \(tally.notStudied)\n"
    }
    let statsRun = try await process.run(["--db", path, "stats"])
    #expect(statsRun.status == 0)
    #expect(statsRun.output == stats)
  }
}
