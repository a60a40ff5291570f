/// A reader of one format's records, fed a file window by window.
///
/// ``FlashcardReader`` hands a parser the bytes of a file in windows: each call reads the
/// records that end inside the window and stops at the first one that does not, unless the
/// window runs to the end of the file. The parser keeps what it learns between calls (a header
/// row's columns, an Anki header), so the windows read as one file.
protocol RecordParser {
  /// Reads the records of `bytes` from `start`, which is on line `line`, into `result`.
  ///
  /// - Parameters:
  ///   - bytes: The window; checked as UTF-8.
  ///   - start: Where the first record starts.
  ///   - line: The line of `start`.
  ///   - isFinal: Whether the window runs to the end of the file.
  ///   - result: Where accepted rows and problems go.
  /// - Returns: The first byte not read (the start of a record that does not end inside the
  ///   window, or the window's end) and its line.
  /// - Throws: ``FlashcardReadError`` when the file declares something unusable.
  mutating func parse(
    _ bytes: UnsafeBufferPointer<UInt8>,
    from start: Int,
    line: Int,
    isFinal: Bool,
    into result: inout ParseResult
  ) throws(FlashcardReadError) -> (position: Int, line: Int)

  /// How a record ends: where reading starts again after a record too long to read.
  var recordEnd: RecordEnd { get }
}
