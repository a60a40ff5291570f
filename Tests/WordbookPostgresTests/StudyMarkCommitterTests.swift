import Testing
import Wordbook
import WordbookTestSupport
import WordbookTesting

@testable import WordbookPostgres

/// The marks of many learners commit together, each call all or none, and each learner's own
/// feed reports their marks once, in the journal's order, without reading them back.
@Suite(.timeLimit(.minutes(2))) struct StudyMarkCommitterTests {
  /// A learner with a service of their own and a book of `count` words.
  private struct Learner {
    var service: PostgresWordService
    var words: [Word]
    var book: WordBook.ID

    init(_ name: String, url: String, count: Int = 3) async throws {
      service = try await PostgresWordService(url: url, user: name)
      book = try await service.createBook(title: "Words").id
      var words: [Word] = []
      for index in 0..<count {
        words.append(
          try await service.saveWord(WordDraft(term: "낱말 \(index)", meaning: "\(index)"), to: book))
      }
      self.words = words
    }
  }

  /// Twenty learners mark at once, three of them naming a word they do not have beside one they
  /// have: exactly those three calls fail, saving nothing, and every other mark is stored with
  /// its journal row.
  @Test func aCallNamingAMissingWordFailsAloneAmongOthersMarkingAtOnce() async throws {
    let url = try await PostgresTestServer.freshDatabaseURLForTest()
    var learners: [Learner] = []
    for index in 0..<20 { learners.append(try await Learner("learner\(index)", url: url)) }
    let missing = Word.ID(999_999_999)
    let failing: Set<Int> = [3, 9, 16]
    let outcomes = await withTaskGroup(of: (Int, WordServiceError?).self) { group in
      for (index, learner) in learners.enumerated() {
        let changes =
          [StudyStateChange(wordID: learner.words[0].id, state: .success)]
          + (failing.contains(index) ? [StudyStateChange(wordID: missing, state: .fail)] : [])
        group.addTask {
          do throws(WordServiceError) {
            try await learner.service.updateStudyStates(changes)
            return (index, nil)
          } catch {
            return (index, error)
          }
        }
      }
      return await group.reduce(into: [Int: WordServiceError?]()) { $0[$1.0] = $1.1 }
    }
    for (index, error) in outcomes {
      #expect(error == (failing.contains(index) ? .wordNotFound(missing) : nil), "learner \(index)")
    }
    for (index, learner) in learners.enumerated() {
      let stored = try await learner.service.fetchWords(in: learner.book)
      #expect(stored[0].studyState == (failing.contains(index) ? .notStudied : .success))
    }
    let journaled = try await PostgresTestServer.execute(
      "SELECT count(*) FROM changes WHERE kind = 1", in: url)
    #expect(journaled == "17")
  }

  /// A learner's feed reports their own marks once each, as committed, with the word as
  /// stored; a change from another service of the learner's, between two marks, comes in its
  /// place.
  @Test func aFeedReportsItsOwnMarksOnceInTheJournalsOrder() async throws {
    let url = try await PostgresTestServer.freshDatabaseURLForTest()
    let mina = try await Learner("mina", url: url)
    let elsewhere = try await PostgresWordService(url: url, user: "mina")
    let feed = ChangeCollector(mina.service.changes())
    defer { feed.stop() }
    var first = mina.words[0]
    first.studyState = .success
    try await mina.service.updateStudyStates([StudyStateChange(wordID: first.id, state: .success)])
    try await feed.expect([.wordUpdated(first, book: mina.book)])
    let renamed = try await elsewhere.updateWord(
      mina.words[1].id, term: "바뀐 낱말", meaning: "changed")
    var third = mina.words[2]
    third.studyState = .fail
    try await mina.service.updateStudyStates([StudyStateChange(wordID: third.id, state: .fail)])
    try await feed.expect([
      .wordUpdated(renamed, book: mina.book), .wordUpdated(third, book: mina.book),
    ])
    // Nothing more comes: a mark of another service's, seen once, ends the check.
    var second = renamed
    second.studyState = .success
    try await elsewhere.updateStudyStates([StudyStateChange(wordID: second.id, state: .success)])
    try await feed.expect([.wordUpdated(second, book: mina.book)])
  }

  /// A learner whose lock another writer holds (an import, say) waits alone: another learner's
  /// mark commits meanwhile; theirs fails as a lock wait would once the lock stays held past
  /// the patience, saving nothing, and goes through once the lock is let go.
  @Test func aLearnerLockedByAnotherWriterHoldsBackNoOneElse() async throws {
    let url = try await PostgresTestServer.freshDatabaseURLForTest()
    let mina = try await Learner("mina", url: url)
    let jun = try await Learner("jun", url: url)
    let holder = try PostgresConnection(url: url)
    try holder.execute("BEGIN", .saveStudyMarks)
    try holder.query(
      "SELECT pg_advisory_xact_lock(hashtext(current_schema()), $1::integer)",
      [.integer(mina.service.userID)], .saveStudyMarks)
    let mark = [StudyStateChange(wordID: mina.words[0].id, state: .success)]
    let minasMark = Task { try await mina.service.updateStudyStates(mark) }
    try await jun.service.updateStudyStates([
      StudyStateChange(wordID: jun.words[0].id, state: .success)
    ])
    #expect(try await jun.service.fetchWords(in: jun.book)[0].studyState == .success)
    guard case .failure(let error) = await minasMark.result else {
      Issue.record("mina's mark was saved while another writer held her lock")
      return
    }
    #expect((error as? WordServiceError)?.kind == .unavailable)
    #expect(try await mina.service.fetchWords(in: mina.book)[0].studyState == .notStudied)
    try holder.execute("COMMIT", .saveStudyMarks)
    try await mina.service.updateStudyStates(mark)
    #expect(try await mina.service.fetchWords(in: mina.book)[0].studyState == .success)
  }

  /// A word marked twice in one call keeps its last state, and is journaled once.
  @Test func aWordMarkedTwiceInOneCallKeepsItsLastState() async throws {
    let url = try await PostgresTestServer.freshDatabaseURLForTest()
    let mina = try await Learner("mina", url: url, count: 1)
    let word = mina.words[0].id
    try await mina.service.updateStudyStates([
      StudyStateChange(wordID: word, state: .success), StudyStateChange(wordID: word, state: .fail),
    ])
    #expect(try await mina.service.fetchWords(in: mina.book)[0].studyState == .fail)
  }

  /// A notification names its users' keys, each with a row; the newest row of each key wakes
  /// its feeds, and a notification without a row (sign-ins) asks for a read.
  @Test func notificationsAreGroupedByKeyWithTheirNewestRow() {
    let rows = PostgresChangeListener.newestRows(in: [
      "public:7#12,8#3", "public:7#15", "a:b:7#13", "public:sign-ins", "x:9", "x:9#", "plain",
    ])
    let expected: [String: Int64?] = [
      "public:7": 15, "public:8": 3, "a:b:7": 13, "public:sign-ins": Int64?.none,
      "x:9": Int64?.none, "x:9#": Int64?.none, "plain": Int64?.none,
    ]
    #expect(rows == expected)
  }
}
