import CLibPQ
import Wordbook

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One libpq connection to the server.
///
/// Not thread-safe: libpq allows one thread at a time on a connection, so ``PostgresDatabase``
/// only ever touches it from its own thread. Every query is constant text from this module
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
  /// Where the database is, without its password: what errors name.
  let location: String

  /// Connects to the server that `url` names.
  ///
  /// - Throws: ``WordServiceError/Kind/unavailable`` when the server cannot be reached or
  ///   refuses the connection.
  init(url: String) throws(WordServiceError) {
    location = Self.location(of: url)
    guard let handle = PQconnectdb(url) else {
      throw .storage(
        .other, .system(detail: "out of memory"), during: .openDatabase, path: location)
    }
    self.handle = handle
    guard PQstatus(handle) == CONNECTION_OK else {
      throw .postgresUnreachable(detail: errorMessage, during: .openDatabase, path: location)
    }
    // Text in both directions is UTF-8, whatever the server's default, and a statement never
    // waits for a lock forever.
    guard PQsetClientEncoding(handle, "UTF8") == 0 else {
      throw .storage(
        .other, .system(detail: errorMessage), during: .openDatabase, path: location)
    }
    try execute("SET lock_timeout = '5s'", .openDatabase)
    // libpq prints the server's notices (such as "already exists, skipping" from an upgrade)
    // on standard error, which is the command's: only warnings and errors may reach it.
    try execute("SET client_min_messages = warning", .openDatabase)
  }

  deinit {
    PQfinish(handle)
  }

  /// libpq's description of the connection's last failure.
  private var errorMessage: String {
    String(cString: PQerrorMessage(handle)).trimmingWhitespace()
  }

  /// Connects again when the connection was lost, so that the next call can succeed.
  ///
  /// - Returns: Whether the connection is up.
  func reconnectIfLost() -> Bool {
    if PQstatus(handle) == CONNECTION_OK { return true }
    // A new session on the server knows none of the old one's prepared statements.
    prepared = [:]
    PQreset(handle)
    return PQstatus(handle) == CONNECTION_OK
  }

  /// Runs `sql` with `parameters` (`$1`, `$2`, … in the text; `nil` is SQL `NULL`).
  ///
  /// - Returns: The rows, in text form.
  /// - Throws: The server's error mapped by ``WordServiceError/postgres(sqlState:detail:doing:path:)``.
  @discardableResult
  func query(
    _ sql: String, _ parameters: [PostgresValue?], _ what: WordServiceError.Operation
  ) throws(WordServiceError) -> PostgresRows {
    let texts = parameters.map { $0?.text }
    let name = try statementName(for: sql, what)
    let result = withCStrings(texts) { pointers in
      if let name {
        PQexecPrepared(handle, name, Int32(pointers.count), pointers, nil, nil, 0)
      } else {
        PQexecParams(handle, sql, Int32(pointers.count), nil, pointers, nil, nil, 0)
      }
    }
    guard let result else {
      throw .postgresUnreachable(detail: errorMessage, during: what, path: location)
    }
    let rows = PostgresRows(result)
    switch PQresultStatus(result) {
    case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
      return rows
    default:
      throw failure(of: result, what)
    }
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
      detail: wordbook_pq_message(result).map { String(cString: $0) } ?? errorMessage,
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
  /// - Parameter beginning: The statements that open the transaction, `BEGIN` and any that
  ///   take no parameters, sent as one.
  func inTransaction<Result>(
    _ what: WordServiceError.Operation, beginning: String = "BEGIN",
    _ body: () throws(WordServiceError) -> Result
  ) throws(WordServiceError) -> Result {
    try executeScript(beginning, what)
    do {
      let result = try body()
      try execute("COMMIT", what)
      return result
    } catch {
      if PQstatus(handle) == CONNECTION_OK { try? execute("ROLLBACK", what) }
      throw error
    }
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

  /// `url` without the password, if it has one: `postgresql://mina:secret@host/db` becomes
  /// `postgresql://mina@host/db`.
  static func location(of url: String) -> String {
    guard let scheme = url.firstRange(of: "://"),
      let at = url[scheme.upperBound...].firstIndex(of: "@")
    else { return url }
    let userInfo = url[scheme.upperBound..<at]
    guard let colon = userInfo.firstIndex(of: ":") else { return url }
    return String(url[..<colon] + url[at...])
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
