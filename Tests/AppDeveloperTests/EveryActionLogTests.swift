import Foundation
import StoreCore
import Testing
import Wordbook

/// A log of every kind of action, checked in as the recorder of log format 2 wrote it: whatever
/// shape the actions take later, a log an app recorded with this release must still read as
/// these same actions. `RECORD_LOGS=1` writes the file again, which only a change of format 2
/// itself may do.
@MainActor
@Suite struct EveryActionLogTests {
  static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Logs/every-action-v2.jsonl")

  /// One action of each kind, and the failed answer of each service call, as format 2 knows them.
  static let actions: [AppAction] = {
    let book = WordBook(id: WordBook.ID(1), title: "Verbs", wordCount: 2)
    let go = Word(id: Word.ID(1), term: "가다", meaning: "to go", studyState: .success)
    let come = Word(id: Word.ID(2), term: "오다", meaning: "to come\nto arrive")
    let failure = WordServiceError(.unavailable, "The database is locked.")
    let time = Timestamp(secondsSince1970: 1_800_000_000)
    let memory = MemoryState(
      phase: .learning(step: 1), stability: 2.5, difficulty: 5.25, due: time, lastReview: time,
      reviewCount: 1, lapseCount: 0)
    let schedule = BookSchedule(
      time: time, newWordsPerDay: 20, dueTimes: [go.id: time], newWordsBegun: 3)
    return [
      .books(.view(.loadBooks)), .books(.booksLoaded(.success([book]))),
      .books(.booksLoaded(.failure(failure))),
      .books(.lastStudiedBookLoaded(.success(book.id))),
      .books(.lastStudiedBookLoaded(.success(nil))),
      .books(.lastStudiedBookLoaded(.failure(failure))),
      .books(.view(.selectBook(book.id))), .study(.firstWordsLoaded(book.id, [go])),
      .study(.wordsLoaded(book.id, .success([go, come]))),
      .study(.wordsLoaded(book.id, .failure(failure))),
      .books(.view(.createBook(title: "Nouns"))), .books(.bookCreated(.success(book))),
      .books(.bookCreated(.failure(failure))),
      .books(.view(.renameBook(book.id, title: "Verbs 2"))), .books(.bookRenamed(.success(book))),
      .books(.bookRenamed(.failure(failure))), .books(.view(.deleteBook(book.id))),
      .books(.bookDeleted(book.id, .success(book.id))),
      .books(.bookDeleted(book.id, .failure(failure))),
      .study(.view(.flip(go.id))), .study(.view(.markFail(go.id))),
      .study(.view(.markSuccess(come.id))), .study(.view(.resetMark(go.id))), .study(.view(.undo)),
      .study(.view(.redo)),
      .study(.view(.retryUnsavedMarks)), .study(.view(.rate(go.id, .hard, at: time))),
      .study(.reviewRecorded(go.id, .success(memory))),
      .study(.reviewRecorded(go.id, .failure(failure))),
      .study(.reviewRemoved(go.id, .success(.new))),
      .study(.reviewRemoved(go.id, .failure(failure))),
      .study(.view(.setSearchQuery("가"))), .study(.view(.setSearchQuery(nil))),
      .study(.view(.setStudyMode(.due))), .study(.view(.shuffle)),
      .study(.studyStatesSaved(.success([StudyStateChange(wordID: go.id, state: .fail)]))),
      .study(.studyStatesSaved(.failure(failure))),
      .study(.scheduleLoaded(book.id, .success(schedule))),
      .study(.scheduleLoaded(book.id, .failure(failure))),
      .study(.view(.toggleReverse)), .study(.view(.toggleStudyMode)),
      .study(.view(.saveWord(term: "먹다", meaning: "to eat"))),
      .study(.wordSaved(book.id, .success(go))),
      .study(.wordSaved(book.id, .failure(failure))),
      .study(.view(.editWord(go.id, term: "가다", meaning: "to leave"))),
      .study(.wordEdited(book.id, .success(go))), .study(.wordEdited(book.id, .failure(failure))),
      .study(.view(.deleteWord(come.id))), .study(.wordDeleted(come.id, .success(come.id))),
      .study(.wordDeleted(come.id, .failure(failure))), .dismissError,
      .study(.view(.subscribeToChanges)),
      .study(
        .outsideChanges([
          .wordAdded(come, book: book.id), .wordUpdated(go, book: book.id),
          .wordDeleted(come.id, book: book.id), .bookReloaded(book.id), .booksChanged,
        ])),
      .books(.outsideBooksLoaded(.success([book]))),
      .books(.outsideBooksLoaded(.failure(failure))),
      .study(.outsideWordsLoaded(book.id, .success([go]))),
      .study(.outsideWordsLoaded(book.id, .failure(failure))),
      .study(.view(.unsubscribeFromChanges)),
    ]
  }()

  @Test func theCheckedInLogReadsAsEveryAction() throws {
    if ProcessInfo.processInfo.environment["RECORD_LOGS"] == "1" {
      let recorder = try JSONLinesActionRecorder<AppAction>(
        path: Self.file.path, seed: 1, checkpointInterval: nil)
      for (index, action) in Self.actions.enumerated() {
        recorder.record(ActionLogEntry(sequence: index + 1, origin: .caller, action: action))
      }
    }
    let log = try ActionLogDecoder.decodeLog(AppAction.self, from: Data(contentsOf: Self.file))
    #expect(log.header?.formatVersion == 2)
    #expect(log.entries.map(\.action) == Self.actions)
  }

  /// The log holds every kind the format has (one for each of `AppAction`'s 41 cases), so a
  /// reader of a later format is tested on all of them.
  @Test func theLogNamesEveryKindOfAction() throws {
    let lines = try String(contentsOf: Self.file, encoding: .utf8).split(separator: "\n")
    var kinds: Set<String> = []
    for line in lines.dropFirst() {
      let entry = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let action = try #require(entry["action"] as? [String: Any])
      kinds.insert(try #require(action["kind"] as? String))
    }
    #expect(kinds.count == 41)
  }
}
