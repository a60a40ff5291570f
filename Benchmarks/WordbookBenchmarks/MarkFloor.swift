import CLibPQ

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Issue 52's floor: exactly the statements a mark needs (the learner's lock, the mark, its
/// journal row, which notifies, and the commit), sent as the fastest libpq client would:
/// prepared, pipelined, one connection, no HTTP and no store, at the load's rate (each learner a
/// mark every 100 ms) on the load's cluster. Unbatched, each mark is a transaction of its own;
/// batched, the marks due within one tick (5 ms) are one transaction of a statement each. What
/// PostgreSQL's processes use meanwhile, over the marks committed, is the CPU a mark needs at
/// the floor.
final class MarkFloor {
  /// A learner of the load: their user, book and words.
  struct Learner {
    var user: Int
    var book: Int
    var words: [Int]
  }

  /// What a floor run measured.
  struct Outcome {
    var marks: Int
    var postgresSeconds: Double?
  }

  private let connection: OpaquePointer
  private let learners: [Learner]
  private let batched: Bool

  /// Connects to `url` and prepares the statements.
  init(url: String, learners: [Learner], batched: Bool) throws {
    guard let connection = PQconnectdb(url), PQstatus(connection) == CONNECTION_OK else {
      throw ChildProcessError(description: "the floor's connection failed")
    }
    self.connection = connection
    self.learners = learners
    self.batched = batched
    let statements =
      batched
      ? [
        (
          "lock",
          "SELECT pg_advisory_xact_lock(hashtext(current_schema()), u::integer) "
            + "FROM unnest($1::bigint[]) AS u ORDER BY u"
        ),
        (
          "mark",
          "UPDATE words SET study_state = 1 FROM unnest($1::bigint[], $2::bigint[]) AS m(u, w) "
            + "WHERE words.user_id = m.u AND words.id = m.w"
        ),
        (
          "journal",
          "INSERT INTO changes (user_id, kind, book_id, word_id) "
            + "SELECT u, 1, b, w FROM unnest($1::bigint[], $3::bigint[], $2::bigint[]) AS m(u, b, w)"
        ),
      ]
      : [
        ("lock", "SELECT pg_advisory_xact_lock(hashtext(current_schema()), $1::integer)"),
        ("mark", "UPDATE words SET study_state = 1 WHERE user_id = $1 AND id = $2"),
        (
          "journal",
          "INSERT INTO changes (user_id, kind, book_id, word_id) VALUES ($1, 1, $3, $2)"
        ),
      ]
    for (name, sql) in statements {
      let result = PQprepare(connection, name, sql, 0, nil)
      defer { PQclear(result) }
      guard PQresultStatus(result) == PGRES_COMMAND_OK else {
        throw ChildProcessError(
          description:
            "the floor's \(name) statement: \(String(cString: PQerrorMessage(connection)))")
      }
    }
    guard PQenterPipelineMode(connection) == 1 else {
      throw ChildProcessError(description: "libpq refused pipeline mode")
    }
  }

  deinit { PQfinish(connection) }

  /// Marks at the load's rate for `seconds`, and reads PostgreSQL's CPU around the marking.
  func run(seconds: Int, postmaster: pid_t?) throws -> Outcome {
    let cpuBefore = postmaster.flatMap(ProcessCPU.seconds(ofTree:))
    let begin = wallNow()
    let end = begin + UInt64(seconds) * 1_000_000_000
    let period: UInt64 = 100_000_000
    // Learner i marks at begin + i × period / n, then every period.
    var next = learners.indices.map { begin + UInt64($0) * period / UInt64(learners.count) }
    var counts = [Int](repeating: 0, count: learners.count)
    var marks = 0
    while wallNow() < end {
      let now = wallNow()
      var due: [Int] = []
      for index in learners.indices where next[index] <= now {
        due.append(index)
        next[index] += period
      }
      if due.isEmpty {
        usleep(1_000)
        continue
      }
      let words = due.map { index in
        defer { counts[index] += 1 }
        return learners[index].words[counts[index] % learners[index].words.count]
      }
      try send(due.map { learners[$0] }, words: words)
      marks += due.count
      usleep(UInt32(min(5_000, (end - min(wallNow(), end)) / 1_000)))
    }
    let cpuAfter = postmaster.flatMap(ProcessCPU.seconds(ofTree:))
    let used = cpuBefore.flatMap { before in cpuAfter.map { $0 - before } }
    return Outcome(marks: marks, postgresSeconds: used)
  }

  /// Sends the marks of `due` on `words`, as one transaction or one each, and reads every
  /// answer.
  private func send(_ due: [Learner], words: [Int]) throws {
    var expected = 0
    if batched {
      let users = "{" + due.map { String($0.user) }.joined(separator: ",") + "}"
      let ids = "{" + words.map(String.init).joined(separator: ",") + "}"
      let books = "{" + due.map { String($0.book) }.joined(separator: ",") + "}"
      try query("BEGIN")
      try prepared("lock", [users])
      try prepared("mark", [users, ids])
      try prepared("journal", [users, ids, books])
      try query("COMMIT")
      expected = 5
    } else {
      for (learner, word) in zip(due, words) {
        try query("BEGIN")
        try prepared("lock", [String(learner.user)])
        try prepared("mark", [String(learner.user), String(word)])
        try prepared("journal", [String(learner.user), String(word), String(learner.book)])
        try query("COMMIT")
        expected += 5
      }
    }
    guard PQpipelineSync(connection) == 1 else {
      throw ChildProcessError(description: "the floor's pipeline did not sync")
    }
    // Each statement's result, then the end of its results; then the sync's.
    var read = 0
    while read <= expected {
      guard let result = PQgetResult(connection) else { continue }
      defer { PQclear(result) }
      switch PQresultStatus(result) {
      case PGRES_PIPELINE_SYNC: read += 1
      case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
        read += 1
        // The statement's results end with a null result.
        _ = PQgetResult(connection)
      default:
        throw ChildProcessError(
          description: "the floor's mark failed: \(String(cString: PQerrorMessage(connection)))")
      }
    }
  }

  private func query(_ sql: String) throws {
    guard PQsendQueryParams(connection, sql, 0, nil, nil, nil, nil, 0) == 1 else {
      throw ChildProcessError(description: "the floor could not send \(sql)")
    }
  }

  private func prepared(_ name: String, _ values: [String]) throws {
    let copies = values.map { strdup($0) }
    defer { for copy in copies { free(copy) } }
    let pointers = copies.map { UnsafePointer($0) }
    guard PQsendQueryPrepared(connection, name, Int32(values.count), pointers, nil, nil, 0) == 1
    else {
      throw ChildProcessError(description: "the floor could not send \(name)")
    }
  }
}
