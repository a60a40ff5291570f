import Wordbook

/// A value sent to the server as a query parameter, in PostgreSQL's text form.
enum PostgresValue {
  /// An integer.
  case integer(Int64)
  /// A floating-point number, sent in Swift's shortest form that reads back exactly.
  case double(Double)
  /// Text, stored as ``Swift/String/postgresText``.
  case text(String)

  /// The parameter's text.
  var text: String {
    switch self {
    case .integer(let value): String(value)
    case .double(let value): "\(value)"
    case .text(let value): value.postgresText
    }
  }
}

extension PostgresValue {
  /// A book's ID.
  static func book(_ id: WordBook.ID) -> PostgresValue { .integer(id.rawValue) }
  /// A word's ID.
  static func word(_ id: Word.ID) -> PostgresValue { .integer(id.rawValue) }
  /// A study state.
  static func state(_ state: StudyState) -> PostgresValue { .integer(Int64(state.rawValue)) }
}
