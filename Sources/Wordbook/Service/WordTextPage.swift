/// One page of a book's words as bytes: each word's ID and study state, and the UTF-8 of its
/// term, meaning and picture in one buffer, without a `String` for each.
///
/// For commands that copy words out, such as `wordbook words`: making two strings a row was
/// most of the time such a listing spent beyond the database's own. A page read straight from
/// a database holds its text as stored, which need not be well-formed UTF-8; a reader that
/// shows it repairs it as `String(decoding:as:)` does.
package struct WordTextPage: Sendable {
  /// A word of the page, its texts valid only inside ``forEachWord(_:)``'s body.
  package struct Entry {
    package var id: Word.ID
    package var studyState: StudyState
    package var term: UnsafeBufferPointer<UInt8>
    package var meaning: UnsafeBufferPointer<UInt8>
    /// The picture's file name, `nil` when the word has none.
    package var imageReference: UnsafeBufferPointer<UInt8>?
  }

  /// A word's ID and state, and where its texts end in ``bytes``.
  private struct Row {
    var id: Word.ID
    var studyState: StudyState
    var termEnd: Int
    var meaningEnd: Int
    /// Equal to `meaningEnd` when the word has no picture.
    var imageEnd: Int
    var hasImage: Bool
  }

  private var rows: [Row] = []
  private var bytes: [UInt8] = []

  /// How many words the page holds.
  package var count: Int { rows.count }

  /// The ID of the page's last word, after which the next page starts.
  package var lastID: Word.ID? { rows.last?.id }

  /// An empty page with room for `capacity` words of usual length.
  package init(capacity: Int) {
    rows.reserveCapacity(capacity)
    bytes.reserveCapacity(capacity * 96)
  }

  /// The page of `words`, in their order.
  package init(_ words: [Word]) {
    self.init(capacity: words.count)
    for word in words {
      append(id: word.id, studyState: word.studyState) { bytes in
        bytes.append(contentsOf: word.term.utf8)
      } meaning: { bytes in
        bytes.append(contentsOf: word.meaning.utf8)
      } imageReference: { bytes in
        guard let image = word.imageReference else { return false }
        bytes.append(contentsOf: image.utf8)
        return true
      }
    }
  }

  /// Appends a word whose texts `term`, `meaning` and `imageReference` append to the page's
  /// bytes in turn; `imageReference` returns whether the word has a picture.
  package mutating func append(
    id: Word.ID, studyState: StudyState, term: (inout [UInt8]) -> Void,
    meaning: (inout [UInt8]) -> Void, imageReference: (inout [UInt8]) -> Bool
  ) {
    term(&bytes)
    let termEnd = bytes.count
    meaning(&bytes)
    let meaningEnd = bytes.count
    let hasImage = imageReference(&bytes)
    rows.append(
      Row(
        id: id, studyState: studyState, termEnd: termEnd, meaningEnd: meaningEnd,
        imageEnd: bytes.count, hasImage: hasImage))
  }

  /// Calls `body` with each word of the page, in order.
  package func forEachWord<Failure: Error>(_ body: (Entry) throws(Failure) -> Void) throws(Failure)
  {
    try bytes.withUnsafeBufferPointer { (all) throws(Failure) in
      var start = 0
      for row in rows {
        func field(_ end: Int) -> UnsafeBufferPointer<UInt8> {
          defer { start = end }
          return UnsafeBufferPointer(rebasing: all[start..<end])
        }
        try body(
          Entry(
            id: row.id, studyState: row.studyState, term: field(row.termEnd),
            meaning: field(row.meaningEnd),
            imageReference: row.hasImage ? field(row.imageEnd) : nil))
      }
    }
  }
}
