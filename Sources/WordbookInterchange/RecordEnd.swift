/// How a parser's records end, so that the reader can skip the whole of a record too long to
/// read, rather than start again inside it.
enum RecordEnd: Hashable, Sendable {
  /// The record ends at the first occurrence of these bytes: its fields are never quoted.
  case separator([UInt8])
  /// An RFC 4180 record with fields separated by `fieldSeparator`: it ends at the first line
  /// feed outside a quoted field, as ``DelimitedScanner`` reads it.
  case quotedFields(fieldSeparator: UInt8)
}
