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
      .loadBooks, .booksLoaded(.success([book])), .booksLoaded(.failure(failure)),
      .lastStudiedBookLoaded(.success(book.id)), .lastStudiedBookLoaded(.success(nil)),
      .lastStudiedBookLoaded(.failure(failure)),
      .selectBook(book.id), .firstWordsLoaded(book.id, [go]),
      .wordsLoaded(book.id, .success([go, come])), .wordsLoaded(book.id, .failure(failure)),
      .createBook(title: "Nouns"), .bookCreated(.success(book)), .bookCreated(.failure(failure)),
      .renameBook(book.id, title: "Verbs 2"), .bookRenamed(.success(book)),
      .bookRenamed(.failure(failure)), .deleteBook(book.id),
      .bookDeleted(book.id, .success(book.id)),
      .bookDeleted(book.id, .failure(failure)),
      .flip(go.id), .markFail(go.id), .markSuccess(come.id), .resetMark(go.id), .undo, .redo,
      .retryUnsavedMarks, .rate(go.id, .hard, at: time),
      .reviewRecorded(go.id, .success(memory)), .reviewRecorded(go.id, .failure(failure)),
      .reviewRemoved(go.id, .success(.new)), .reviewRemoved(go.id, .failure(failure)),
      .setSearchQuery("가"), .setSearchQuery(nil), .setStudyMode(.due), .shuffle,
      .studyStatesSaved(.success([StudyStateChange(wordID: go.id, state: .fail)])),
      .studyStatesSaved(.failure(failure)),
      .scheduleLoaded(book.id, .success(schedule)), .scheduleLoaded(book.id, .failure(failure)),
      .toggleReverse, .toggleStudyMode,
      .saveWord(term: "먹다", meaning: "to eat"), .wordSaved(book.id, .success(go)),
      .wordSaved(book.id, .failure(failure)), .editWord(go.id, term: "가다", meaning: "to leave"),
      .wordEdited(book.id, .success(go)), .wordEdited(book.id, .failure(failure)),
      .deleteWord(come.id), .wordDeleted(come.id, .success(come.id)),
      .wordDeleted(come.id, .failure(failure)), .dismissError,
      .subscribeToChanges,
      .outsideChanges([
        .wordAdded(come, book: book.id), .wordUpdated(go, book: book.id),
        .wordDeleted(come.id, book: book.id), .bookReloaded(book.id), .booksChanged,
      ]),
      .outsideBooksLoaded(.success([book])), .outsideBooksLoaded(.failure(failure)),
      .outsideWordsLoaded(book.id, .success([go])), .outsideWordsLoaded(book.id, .failure(failure)),
      .unsubscribeFromChanges,
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
