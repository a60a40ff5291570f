import Testing
import Wordbook
import WordbookInterchange

/// Feeds random, mostly malformed text to every reader: it must never crash, and every row and
/// problem must name a line that exists.
@Suite struct MalformedInputTests {
  private static let pieces = [
    "a", "한", "😂", " ", "\t", "\n", "\r\n", "\r", ",", ";", "|", "\"", "#", "#separator:pipe\n",
    "#html:true\n", "#tags column:3\n", "<br>", "&amp", "&#x1F600;", "&#99999999;",
    "term,meaning\n",
  ]

  @Test(arguments: FlashcardFormat.allCases.map(Optional.some) + [nil])
  func randomTextNeverCrashes(format: FlashcardFormat?) throws {
    var generator = SplitMix64(seed: 0xBAD_F11E + UInt64(format?.rawValue.count ?? 0))
    for _ in 0..<1_000 {
      let count = Int(generator.next(below: 30))
      let text = (0..<count).map { _ in
        Self.pieces[Int(generator.next(below: UInt64(Self.pieces.count)))]
      }.joined()
      // A text with carriage returns and no line feed has old Mac line ends.
      let lineEnd = text.utf8.contains(UInt8(ascii: "\n")) ? UInt8(ascii: "\n") : UInt8(ascii: "\r")
      let lineCount = text.utf8.filter { $0 == lineEnd }.count + 1
      let read = Result { () throws(FlashcardReadError) in
        try FlashcardReader.read(text: text, format: format)
      }
      // More than two columns and no header: refused, not guessed.
      if case .failure(.ambiguousColumns) = read { continue }
      let result = try read.get()
      let lines = result.rows.map(\.line) + result.problems.map(\.line)
      #expect(lines.allSatisfy { (1...lineCount).contains($0) }, "\(text.debugDescription)")
      #expect(result.rows.allSatisfy { !$0.term.isEmpty }, "\(text.debugDescription)")
    }
  }

  @Test func emptySeparatorsAreErrors() {
    #expect(throws: FlashcardReadError.unsupportedSeparator("")) {
      try FlashcardReader.read(
        text: "a|b", format: .quizlet, options: FlashcardReadOptions(cardSeparator: ""))
    }
  }
}
