import Wordbook

/// A value sent to the server as a query parameter, in PostgreSQL's text form.
enum PostgresValue {
  /// An integer.
  case integer(Int64)
  /// A floating-point number, sent in Swift's shortest form that reads back exactly.
  case double(Double)
  /// Text, stored as ``Swift/String/postgresText``.
  case text(String)
  /// An array of texts (`text[]`), each as ``text(_:)`` sends it.
  case textArray([String])
  /// An array of integers (`bigint[]`).
  case integerArray([Int64])

  /// The parameter's text.
  var text: String {
    switch self {
    case .integer(let value): String(value)
    case .double(let value): "\(value)"
    case .text(let value): value.postgresText
    case .textArray(let values):
      "{" + values.map(Self.arrayElement).joined(separator: ",") + "}"
    case .integerArray(let values): "{" + values.map(String.init).joined(separator: ",") + "}"
    }
  }
}

extension PostgresValue {
  /// `value` as an element of an array's text: quoted, its quotes and backslashes escaped scalar
  /// by scalar (a quote that a combining mark follows is still a quote to the server), so that
  /// no element can end early.
  private static func arrayElement(_ value: String) -> String {
    var element = String.UnicodeScalarView()
    element.append("\"")
    for scalar in value.postgresText.unicodeScalars {
      if scalar == "\"" || scalar == "\\" { element.append("\\") }
      element.append(scalar)
    }
    element.append("\"")
    return String(element)
  }

  /// A book's ID.
  static func book(_ id: WordBook.ID) -> PostgresValue { .integer(id.rawValue) }
  /// A word's ID.
  static func word(_ id: Word.ID) -> PostgresValue { .integer(id.rawValue) }
  /// A study state.
  static func state(_ state: StudyState) -> PostgresValue { .integer(Int64(state.rawValue)) }
}
