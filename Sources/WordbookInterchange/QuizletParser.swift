import Wordbook

/// Reads Quizlet text: cards split by a card separator, each split once by a term separator.
struct QuizletParser: RecordParser {
  let termSeparator: [UInt8]
  let cardSeparator: [UInt8]

  /// What one card turned out to be.
  private enum Outcome {
    case row(FlashcardRow)
    case problem(LineProblem)
  }

  var recordEnd: RecordEnd { .separator(cardSeparator) }

  func parse(
    _ bytes: UnsafeBufferPointer<UInt8>,
    from start: Int,
    line startLine: Int,
    isFinal: Bool,
    into result: inout ParseResult
  ) -> (position: Int, line: Int) {
    var line = startLine
    var cardStart = start
    while cardStart < bytes.count {
      guard
        let cardEnd = firstIndex(of: cardSeparator, in: bytes, from: cardStart)
          ?? (isFinal ? bytes.count : nil)
      else { break }
      var first = cardStart
      while first < cardEnd && isCardPadding(bytes[first]) {
        if bytes[first] == ByteClass.lineFeed { line += 1 }
        first += 1
      }
      let cardLine = line
      line += ByteClass.lineFeedCount(in: bytes, first..<cardEnd)
      cardStart = cardEnd
      if cardEnd < bytes.count {
        line += lineFeedCount(in: cardSeparator)
        cardStart += cardSeparator.count
      }
      guard first < cardEnd else { continue }
      switch card(bytes, first..<cardEnd, line: cardLine) {
      case .row(let row): result.rows.append(row)
      case .problem(let problem): result.problems.append(problem)
      }
    }
    return (cardStart, line)
  }

  private func card(
    _ bytes: UnsafeBufferPointer<UInt8>,
    _ range: Range<Int>,
    line: Int
  ) -> Outcome {
    // The text is read only for a card that is rejected: most cards are not.
    func rejected(_ reason: LineProblem.Reason) -> Outcome {
      .problem(LineProblem(line: line, reason: reason, text: LineProblem.text(of: bytes, range)))
    }
    var fields: [Range<Int>] = []
    var fieldStart = range.lowerBound
    while let found = firstIndex(
      of: termSeparator, in: bytes, from: fieldStart, before: range.upperBound)
    {
      fields.append(fieldStart..<found)
      fieldStart = found + termSeparator.count
    }
    fields.append(fieldStart..<range.upperBound)
    let texts = fields.map { ByteClass.string(bytes, trimmed(bytes, $0)) }
    let separatorText = String(decoding: termSeparator, as: UTF8.self)
    var state = StudyState.notStudied
    switch texts.count {
    case 1:
      return rejected(.missingSeparator(separatorText))
    case 2:
      break
    case 3 where StudyState(writtenName: texts[2]) != nil:
      state = StudyState(writtenName: texts[2]) ?? .notStudied
    default:
      return rejected(.tooManySeparators(found: texts.count - 1, separator: separatorText))
    }
    guard !texts[0].isEmpty else { return rejected(.emptyTerm) }
    return .row(FlashcardRow(term: texts[0], meaning: texts[1], studyState: state, line: line))
  }

  /// Whether `byte` may surround a card without being part of it.
  private func isCardPadding(_ byte: UInt8) -> Bool {
    (byte == ByteClass.space || byte == ByteClass.tab || byte == ByteClass.carriageReturn
      || byte == ByteClass.lineFeed) && !termSeparator.contains(byte)
  }

  private func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
    var lower = range.lowerBound
    var upper = range.upperBound
    while lower < upper && isCardPadding(bytes[lower]) { lower += 1 }
    while upper > lower && isCardPadding(bytes[upper - 1]) { upper -= 1 }
    return lower..<upper
  }

  private func lineFeedCount(in bytes: [UInt8]) -> Int {
    bytes.reduce(0) { $0 + ($1 == ByteClass.lineFeed ? 1 : 0) }
  }

  private func firstIndex(
    of needle: [UInt8],
    in bytes: UnsafeBufferPointer<UInt8>,
    from start: Int,
    before end: Int? = nil
  ) -> Int? {
    let limit = (end ?? bytes.count) - needle.count
    guard let head = needle.first, start <= limit else { return nil }
    var index = start
    while index <= limit {
      if bytes[index] == head {
        var offset = 1
        while offset < needle.count && bytes[index + offset] == needle[offset] { offset += 1 }
        if offset == needle.count { return index }
      }
      index += 1
    }
    return nil
  }
}
