import CLibPQ
import Wordbook

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One libpq connection to the server.
///
/// Not thread-safe: libpq allows one thread at a time on a connection, so only the jobs of its
/// ``PooledConnection``'s thread touch it. Every query is constant text from this module
/// with values sent as parameters, never spliced into the SQL, and is prepared on the server the
/// first time the connection runs it, so that the server parses and plans it once.
final class PostgresConnection {
  /// The libpq handle; finished in `deinit`.
  private let handle: OpaquePointer
  /// The name of the statement prepared for each query text on this connection's session.
  private var prepared: [String: String] = [:]
  /// The most statements one connection prepares; later texts run unprepared (the texts are
  /// this module's own, so the bound is only a guard).
  private static let preparedLimit = 256
  /// Where the database is, without its passwords, and how to keep them out of libpq's
  /// messages.
  private let place: PostgresLocation
  /// Where the database is, without its passwords: what errors name.
  var location: String { place.shown }
  /// Whether the connection's statements only look rows up by their keys.
  private let looksUpByKeyOnly: Bool

  /// Connects to the server that `url` names.
  ///
  /// - Parameters:
  ///   - url: The database's URL.
  ///   - looksUpByKeyOnly: The connection's statements only look rows up by their keys (a
  ///     batch of marks, the journal's new rows), so the planner never scans a table whole: a
  ///     plan made from statistics taken when the journal was empty would otherwise scan it on
  ///     every statement until the next analysis.
  /// - Throws: ``WordServiceError/Kind/unavailable`` when the server cannot be reached or
  ///   refuses the connection.
  init(url: String, looksUpByKeyOnly: Bool = false) throws(WordServiceError) {
    self.looksUpByKeyOnly = looksUpByKeyOnly
    place = PostgresLocation(url: url)
    let location = place.shown
    if let reason = wordbook_pq_unavailable() {
      throw .postgresUnreachable(
        detail: String(cString: reason), during: .openDatabase, path: location)
    }
    // The defaults come before the URL, whose own values win (libpq keeps the last of a
    // keyword, and expands the URL where `dbname` stands).
    let keywords = Self.networkDefaults.map(\.keyword) + ["dbname"]
    let values = Self.networkDefaults.map(\.value) + [url]
    let connected = withCStrings(keywords) { keywords in
      withCStrings(values) { values in
        PQconnectdbParams(keywords + [nil], values + [nil], 1)
      }
    }
    guard let handle = connected else {
      throw .storage(
        .other, .system(detail: "out of memory"), during: .openDatabase, path: location)
    }
    self.handle = handle
    guard PQstatus(handle) == CONNECTION_OK else {
      throw .postgresUnreachable(detail: errorMessage, during: .openDatabase, path: location)
    }
    try configureSession()
  }

  deinit {
    PQfinish(handle)
  }

  /// What a connection asks of the network unless its URL says otherwise: a server that stops
  /// answering (a machine gone, a network cut) fails the call within about half a minute,
  /// instead of holding the connection, and the callers of its pool waiting behind it, for the
  /// system's two hours. A Unix-socket connection ignores them.
  static let networkDefaults: [(keyword: String, value: String)] = [
    ("connect_timeout", "10"), ("keepalives_idle", "15"), ("keepalives_interval", "5"),
    ("keepalives_count", "3"), ("tcp_user_timeout", "30000"),
  ]

  /// The value of a connection option in effect, as libpq reports it.
  func option(_ keyword: String) -> String? {
    guard let options = PQconninfo(handle) else { return nil }
    defer { PQconninfoFree(options) }
    var option = options
    while let name = option.pointee.keyword {
      if String(cString: name) == keyword { return option.pointee.val.map { String(cString: $0) } }
      option += 1
    }
    return nil
  }

  /// libpq's description of the connection's last failure, without the URL's passwords, which
  /// libpq may quote (a malformed URL's part).
  private var errorMessage: String {
    place.redacting(String(cString: PQerrorMessage(handle)).trimmingWhitespace())
  }

  /// Sets what every session of the connection needs: text in both directions is UTF-8,
  /// whatever the server's default, and a statement never waits for a lock forever.
  private func configureSession() throws(WordServiceError) {
    guard PQsetClientEncoding(handle, "UTF8") == 0 else {
      throw .storage(
        .other, .system(detail: errorMessage), during: .openDatabase, path: location)
    }
    // libpq prints the server's notices (such as "already exists, skipping" from an upgrade)
    // on standard error, which is the command's: only warnings and errors may reach it.
    try executeScript(
      "SET lock_timeout = '5s'; SET client_min_messages = warning"
        + (looksUpByKeyOnly ? "; SET enable_seqscan = off" : ""), .openDatabase)
  }

  /// Makes the connection ready for a new call: connects again when it was lost, when the
  /// server sent anything while it was idle (a pool's connection listens to nothing, so that is
  /// the server ending its session, whose socket may not be closed yet), or when a pipeline was
  /// cut short (with a new session's settings), and ends a transaction that a failed call left
  /// open.
  ///
  /// - Returns: Whether the connection is up.
  func readyForWork() -> Bool {
    let heardWhileIdle = readWhatArrivedWhileIdle()
    // A pipeline cut short leaves answers unread: only a new session is clean.
    if heardWhileIdle || PQstatus(handle) != CONNECTION_OK
      || PQpipelineStatus(handle) != PQ_PIPELINE_OFF
    {
      // A new session on the server knows none of the old one's prepared statements.
      prepared = [:]
      PQreset(handle)
      guard PQstatus(handle) == CONNECTION_OK, (try? configureSession()) != nil else {
        return false
      }
    }
    rollBack(.openDatabase)
    return PQstatus(handle) == CONNECTION_OK && PQtransactionStatus(handle) == PQTRANS_IDLE
  }

  /// Reads what the server sent while the connection was idle. A server that ended the session
  /// (a restart, an administrator's `pg_terminate_backend`, an idle timeout) sent its last
  /// words and closes the socket, maybe a moment later: the connection is then opened again
  /// before the call instead of failing it. A connection with nothing to read costs one `poll`
  /// that does not wait.
  ///
  /// - Returns: Whether anything arrived.
  private func readWhatArrivedWhileIdle() -> Bool {
    let socket = PQsocket(handle)
    var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
    var heard = false
    // The last words and the end of the socket may come in two reads.
    for _ in 0..<4 where socket >= 0 && PQstatus(handle) == CONNECTION_OK {
      guard poll(&poller, 1, 0) > 0 else { break }
      heard = true
      guard PQconsumeInput(handle) == 1 else { break }
    }
    return heard
  }

  /// Runs `sql` with `parameters` (`$1`, `$2`, … in the text; `nil` is SQL `NULL`).
  ///
  /// - Returns: The rows, in text form.
  /// - Throws: The server's error mapped by ``WordServiceError/postgres(sqlState:detail:doing:path:)``.
  @discardableResult
  func query(
    _ sql: String, _ parameters: [PostgresValue?], _ what: WordServiceError.Operation
  ) throws(WordServiceError) -> PostgresRows {
    try pipeline([(sql, parameters)], what)[0]
  }

  /// Runs `statements` in one round trip (a libpq pipeline), each prepared the first time this
  /// connection runs it (up to its limit of prepared statements), and returns their rows in
  /// order.
  ///
  /// The server runs the statements one after another and skips the rest after one fails, so
  /// a pipeline that opens a transaction and fails leaves it open: the caller rolls back.
  ///
  /// - Throws: The first failure, once every answer has been read.
  func pipeline(
    _ statements: [(sql: String, parameters: [PostgresValue?])],
    _ what: WordServiceError.Operation
  ) throws(WordServiceError) -> [PostgresRows] {
    var names: [String?] = []
    for statement in statements { names.append(try statementName(for: statement.sql, what)) }
    guard PQenterPipelineMode(handle) == 1 else {
      throw .postgresUnreachable(detail: errorMessage, during: what, path: location)
    }
    defer { PQexitPipelineMode(handle) }
    for (statement, name) in zip(statements, names) {
      let texts = statement.parameters.map { $0?.text }
      let sent = withCStrings(texts) { pointers in
        if let name {
          PQsendQueryPrepared(handle, name, Int32(pointers.count), pointers, nil, nil, 0)
        } else {
          PQsendQueryParams(
            handle, statement.sql, Int32(pointers.count), nil, pointers, nil, nil, 0)
        }
      }
      guard sent == 1 else {
        throw .postgresUnreachable(detail: errorMessage, during: what, path: location)
      }
    }
    guard PQpipelineSync(handle) == 1 else {
      throw .postgresUnreachable(detail: errorMessage, during: what, path: location)
    }
    var rows: [PostgresRows] = []
    var firstFailure: WordServiceError?
    for _ in statements {
      // Each statement's answer is one result, then a null.
      guard let result = PQgetResult(handle) else {
        throw .postgresUnreachable(detail: errorMessage, during: what, path: location)
      }
      switch PQresultStatus(result) {
      case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
        rows.append(PostgresRows(result))
      case PGRES_PIPELINE_ABORTED:
        PQclear(result)
      default:
        firstFailure = firstFailure ?? failure(of: result, what)
        PQclear(result)
      }
      while let extra = PQgetResult(handle) { PQclear(extra) }
    }
    // The answer to the sync ends the pipeline.
    guard let sync = PQgetResult(handle) else {
      throw .postgresUnreachable(detail: errorMessage, during: what, path: location)
    }
    PQclear(sync)
    if let firstFailure { throw firstFailure }
    return rows
  }

  /// The name of the statement prepared for `sql`, preparing it first when this session has
  /// not; `nil` when the connection has prepared as many as it may.
  private func statementName(for sql: String, _ what: WordServiceError.Operation)
    throws(WordServiceError) -> String?
  {
    if let name = prepared[sql] { return name }
    guard prepared.count < Self.preparedLimit else { return nil }
    let name = "wordbook_\(prepared.count)"
    guard let result = PQprepare(handle, name, sql, 0, nil) else {
      throw .postgresUnreachable(detail: errorMessage, during: what, path: location)
    }
    defer { PQclear(result) }
    guard PQresultStatus(result) == PGRES_COMMAND_OK else { throw failure(of: result, what) }
    prepared[sql] = name
    return name
  }

  /// The error a failed `result` stands for: the lost connection, or the server's error.
  private func failure(of result: OpaquePointer, _ what: WordServiceError.Operation)
    -> WordServiceError
  {
    if PQstatus(handle) != CONNECTION_OK {
      return .postgresUnreachable(detail: errorMessage, during: what, path: location)
    }
    return .postgres(
      sqlState: wordbook_pq_sqlstate(result).map { String(cString: $0) } ?? "",
      detail: wordbook_pq_message(result).map { place.redacting(String(cString: $0)) }
        ?? errorMessage,
      doing: what, path: location)
  }

  /// Runs `sql`, statements of this module's own that take no parameters, in one round trip.
  private func executeScript(_ sql: String, _ what: WordServiceError.Operation)
    throws(WordServiceError)
  {
    guard let result = PQexec(handle, sql) else {
      throw .postgresUnreachable(detail: errorMessage, during: what, path: location)
    }
    defer { PQclear(result) }
    switch PQresultStatus(result) {
    case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
      return
    default:
      throw failure(of: result, what)
    }
  }

  /// Runs `sql`, which takes no parameters and returns no rows.
  func execute(_ sql: String, _ what: WordServiceError.Operation) throws(WordServiceError) {
    try query(sql, [], what)
  }

  /// Runs `body` in a transaction, committing when it returns and rolling back when it throws.
  ///
  /// - Parameter opening: Statements that run first in the transaction, sent with its `BEGIN`
  ///   in one round trip.
  func inTransaction<Result>(
    _ what: WordServiceError.Operation,
    opening: [(sql: String, parameters: [PostgresValue?])] = [],
    _ body: () throws(WordServiceError) -> Result
  ) throws(WordServiceError) -> Result {
    do {
      _ = try pipeline([("BEGIN", [])] + opening, what)
      let result = try body()
      try execute("COMMIT", what)
      return result
    } catch {
      rollBack(what)
      throw error
    }
  }

  /// Rolls back the transaction open on the connection, if any.
  func rollBack(_ what: WordServiceError.Operation) {
    guard PQstatus(handle) == CONNECTION_OK, PQtransactionStatus(handle) != PQTRANS_IDLE
    else { return }
    try? execute("ROLLBACK", what)
  }

  /// The payloads of the notifications that arrive within `milliseconds` (or have arrived),
  /// for a connection that runs `LISTEN`; `nil` once the connection is lost.
  func notifications(waitingAtMost milliseconds: Int32) -> [String]? {
    let socket = PQsocket(handle)
    guard socket >= 0, PQstatus(handle) == CONNECTION_OK else { return nil }
    var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
    let ready = poll(&poller, 1, milliseconds)
    guard ready >= 0 || errno == EINTR else { return nil }
    if ready > 0 {
      guard PQconsumeInput(handle) == 1 else { return nil }
    }
    var payloads: [String] = []
    while let notification = PQnotifies(handle) {
      payloads.append(String(cString: notification.pointee.extra))
      PQfreemem(notification)
    }
    return PQstatus(handle) == CONNECTION_OK ? payloads : nil
  }
}

/// Calls `body` with `strings` as C strings that live for the call, `nil` staying `NULL`.
private func withCStrings<Result>(
  _ strings: [String?], _ body: ([UnsafePointer<CChar>?]) -> Result
) -> Result {
  var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { $0.flatMap { strdup($0) } }
  defer { for pointer in pointers { free(pointer) } }
  return pointers.withUnsafeMutableBufferPointer { buffer in
    body(buffer.map { UnsafePointer($0) })
  }
}
