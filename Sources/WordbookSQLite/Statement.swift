import CSQLite
import Wordbook

/// SQLite's `SQLITE_TRANSIENT`: tells SQLite to copy a bound value before the call returns.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A prepared statement owned by a ``Connection``'s cache.
///
/// A thin view: copying it does not copy the statement, and it never finalizes it.
struct Statement {
  let handle: OpaquePointer

  /// Clears the bindings and rewinds the statement, ready for its next use.
  func reset() {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
  }

  /// Rewinds the statement and keeps its bindings, for a statement that binds some values
  /// once and the others before every step.
  func rewind() {
    sqlite3_reset(handle)
  }

  /// Binds a 64-bit integer to the 1-based parameter `index`.
  func bind(_ value: Int64, at index: Int32) {
    sqlite3_bind_int64(handle, index, value)
  }

  /// Binds a double to the 1-based parameter `index`.
  func bind(_ value: Double, at index: Int32) {
    sqlite3_bind_double(handle, index, value)
  }

  /// Binds text, byte for byte (embedded NULs included), to the 1-based parameter `index`.
  func bind(_ value: String, at index: Int32) {
    var value = value
    value.withUTF8 { bytes in
      if let base = bytes.baseAddress {
        _ = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { characters in
          sqlite3_bind_text64(
            handle, index, characters, UInt64(bytes.count), transient, UInt8(SQLITE_UTF8))
        }
      } else {
        // An empty string has no buffer; bind a zero-length text, which is not NULL.
        sqlite3_bind_text(handle, index, "", 0, transient)
      }
    }
  }

  /// Binds optional text, or SQL `NULL` for `nil`.
  func bind(_ value: String?, at index: Int32) {
    if let value { bind(value, at: index) } else { sqlite3_bind_null(handle, index) }
  }

  /// Steps once: `true` when a row is ready, `false` when the statement is done.
  func step(_ connection: Connection, _ what: WordServiceError.Operation) throws(WordServiceError)
    -> Bool
  {
    let code = sqlite3_step(handle)
    switch code {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default:
      reset()
      throw connection.error(code, what)
    }
  }

  /// Runs a statement that returns no rows, then resets it.
  func run(_ connection: Connection, _ what: WordServiceError.Operation) throws(WordServiceError) {
    defer { reset() }
    while try step(connection, what) {}
  }

  /// The integer in column `index` of the current row.
  func int64(at index: Int32) -> Int64 {
    sqlite3_column_int64(handle, index)
  }

  /// The double in column `index` of the current row.
  func double(at index: Int32) -> Double {
    sqlite3_column_double(handle, index)
  }

  /// The text in column `index` of the current row, decoded straight from SQLite's buffer.
  func text(at index: Int32) -> String {
    guard let bytes = sqlite3_column_text(handle, index) else { return "" }
    let count = Int(sqlite3_column_bytes(handle, index))
    return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }

  /// Appends the bytes of the text in column `index` to `bytes`, as stored, without decoding.
  func appendBytes(at index: Int32, to bytes: inout [UInt8]) {
    guard let text = sqlite3_column_text(handle, index) else { return }
    bytes.append(
      contentsOf: UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, index))))
  }

  /// The text in column `index`, or `nil` when it is SQL `NULL`.
  func optionalText(at index: Int32) -> String? {
    isNull(at: index) ? nil : text(at: index)
  }

  /// Whether column `index` of the current row is SQL `NULL`.
  func isNull(at index: Int32) -> Bool {
    sqlite3_column_type(handle, index) == SQLITE_NULL
  }

  /// How many columns the statement's rows have.
  var columnCount: Int32 {
    sqlite3_column_count(handle)
  }
}
