import CLibPQ
import Wordbook

/// The rows a query returned, in text form; the result is cleared when the value is released.
final class PostgresRows {
  private let result: OpaquePointer

  init(_ result: OpaquePointer) {
    self.result = result
  }

  deinit {
    PQclear(result)
  }

  /// The number of rows.
  var count: Int { Int(PQntuples(result)) }

  /// The number of rows an `INSERT`, `UPDATE` or `DELETE` changed.
  var changed: Int { Int(String(cString: PQcmdTuples(result))) ?? 0 }

  /// Whether the value in `row`, `column` is `NULL`.
  func isNull(_ row: Int, _ column: Int) -> Bool {
    PQgetisnull(result, Int32(row), Int32(column)) == 1
  }

  /// The text in `row`, `column` as the caller stored it (see ``Swift/String/postgresText``).
  func text(_ row: Int, _ column: Int) -> String {
    let bytes = UnsafeRawPointer(PQgetvalue(result, Int32(row), Int32(column)))
    let count = Int(PQgetlength(result, Int32(row), Int32(column)))
    let buffer = UnsafeRawBufferPointer(start: bytes, count: count)
    return String(decoding: buffer, as: UTF8.self).fromPostgresText
  }

  /// The text in `row`, `column`, or `nil` for `NULL`.
  func optionalText(_ row: Int, _ column: Int) -> String? {
    isNull(row, column) ? nil : text(row, column)
  }

  /// The integer in `row`, `column`; 0 for `NULL`.
  func integer(_ row: Int, _ column: Int) -> Int64 {
    guard let value = PQgetvalue(result, Int32(row), Int32(column)) else { return 0 }
    return Int64(String(cString: value)) ?? 0
  }

  /// The floating-point number in `row`, `column`; 0 for `NULL`.
  func double(_ row: Int, _ column: Int) -> Double {
    guard let value = PQgetvalue(result, Int32(row), Int32(column)) else { return 0 }
    return Double(String(cString: value)) ?? 0
  }

  /// The word in `row` of `SELECT id, term, meaning, image_reference, study_state`, those
  /// columns starting at `first`.
  func word(_ row: Int, from first: Int = 0) -> Word {
    Word(
      id: Word.ID(integer(row, first)), term: text(row, first + 1),
      meaning: text(row, first + 2), imageReference: optionalText(row, first + 3),
      studyState: StudyState(rawValue: UInt8(clamping: integer(row, first + 4))) ?? .notStudied)
  }

  /// Every row as a word (see ``word(_:)``).
  var words: [Word] { (0..<count).map { word($0) } }
}
