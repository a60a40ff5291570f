import Foundation
import Testing
import Wordbook

@testable import WordbookInterchange

/// Reading from a file descriptor in chunks gives what reading the whole file gives, wherever
/// the chunks cut it, and a record longer than the limit is rejected instead of buffered.
@Suite struct FlashcardReaderStreamTests {
  private static let pieces = [
    "a", "한", "😂", " ", "\t", "\n", "\r\n", ",", ";", "|", "\"", "\"\"", "#",
    "#separator:pipe\n", "#html:true\n", "term,meaning\n", "\u{FEFF}", "x|y\n", "p\tq\n",
  ]

  /// A file holding `bytes`, open for reading, removed when `body` returns.
  private static func withFile<T>(
    _ bytes: [UInt8], _ body: (Int32) throws -> T
  ) throws -> T {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("stream-\(UUID().uuidString).txt")
    try Data(bytes).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let descriptor = open(url.path, O_RDONLY)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    return try body(descriptor)
  }

  /// What reading `descriptor` from its start gives, rows included.
  private static func streamed(
    _ descriptor: Int32, format: FlashcardFormat?, options: FlashcardReadOptions, chunkSize: Int
  ) -> Result<ParseResult, FlashcardReadError> {
    lseek(descriptor, 0, SEEK_SET)
    var rows: [FlashcardRow] = []
    let result = Result { () throws(FlashcardReadError) -> ParseResult in
      try FlashcardReader.read(
        fileDescriptor: descriptor, format: format, options: options, chunkSize: chunkSize
      ) { rows += $0 }
    }
    return result.map { read in
      var whole = read
      whole.rows = rows
      return whole
    }
  }

  @Test(arguments: FlashcardFormat.allCases.map(Optional.some) + [nil])
  func chunkedReadsMatchTheWholeFile(format: FlashcardFormat?) throws {
    var generator = SplitMix64(seed: 0x57_2EA4 + UInt64(format?.rawValue.count ?? 0))
    for round in 0..<150 {
      let count = Int(generator.next(below: 40))
      let text = (0..<count).map { _ in
        Self.pieces[Int(generator.next(below: UInt64(Self.pieces.count)))]
      }.joined()
      let bytes = Array(text.utf8)
      // Every other round, a limit short enough that some records pass it.
      let options = FlashcardReadOptions(maximumRecordLength: round.isMultiple(of: 2) ? 1 << 20 : 9)
      let whole = Result { () throws(FlashcardReadError) in
        try FlashcardReader.read(bytes, format: format, options: options)
      }
      try Self.withFile(bytes) { descriptor in
        for chunkSize in [1, 2, 3, 7, 4096] {
          let chunked = Self.streamed(
            descriptor, format: format, options: options, chunkSize: chunkSize)
          #expect(chunked == whole, "chunks of \(chunkSize): \(text.debugDescription)")
        }
      }
    }
  }

  @Test func invalidUTF8IsFoundWhereverTheChunksCut() throws {
    let bytes = Array("a,한\nb,😂\n".utf8) + [0xF0, 0x9F, 0x98] + Array("\nc,d\n".utf8)
    try Self.withFile(bytes) { descriptor in
      for chunkSize in 1...5 {
        let chunked = Self.streamed(
          descriptor, format: nil, options: FlashcardReadOptions(), chunkSize: chunkSize)
        #expect(chunked == .failure(.invalidUTF8(byteOffset: 13, line: 3)))
      }
    }
  }

  @Test func aRecordLongerThanTheLimitIsRejectedAndTheRestIsRead() throws {
    let long = String(repeating: "x", count: 300)
    let text = "a,1\n\(long),2\nb,\"two\nlines\"\n\"\(long)\nstill quoted\"\nc,3\nd,4\n"
    var options = FlashcardReadOptions(maximumRecordLength: 64)
    options.header = .absent
    let whole = try FlashcardReader.read(text: text, format: .csv, options: options)
    // Reading goes on after the record that passes the limit, at its end outside quotes.
    #expect(whole.rows.map(\.term) == ["a", "b", "c", "d"])
    #expect(whole.rows.map(\.line) == [1, 3, 7, 8])
    #expect(
      whole.problems == [
        LineProblem(line: 2, reason: .tooLong(limit: 64), text: String(long.prefix(40)) + "…"),
        LineProblem(
          line: 5, reason: .tooLong(limit: 64), text: "\"" + String(long.prefix(39)) + "…"),
      ])
    #expect(
      whole.problems[0].message(in: .english, file: "big.tsv")
        == "big.tsv, line 2 (“\(String(long.prefix(40)))…”): longer than 64 bytes; it was skipped "
        + "(split it, or check the file is text)")
    try Self.withFile(Array(text.utf8)) { descriptor in
      #expect(
        Self.streamed(descriptor, format: .csv, options: options, chunkSize: 5) == .success(whole))
    }
  }

  @Test func anOverLongQuotedRecordIsSkippedToItsClosingQuote() throws {
    // A quoted meaning of 1.2 MB over 12,000 lines: reading must not start again at the first
    // line feed past the limit, where the record's tail would become cards.
    let inside = String(repeating: String(repeating: "x", count: 99) + "\n", count: 12_000)
    let text = "term,meaning\nlong,\"\(inside)\"\ncat,고양이\n"
    let whole = try FlashcardReader.read(text: text, format: .csv)
    #expect(whole.rows.map(\.term) == ["cat"])
    #expect(whole.rows.map(\.line) == [12_003])
    let start = "long,\"" + String(repeating: "x", count: 34) + "…"
    #expect(whole.problems == [LineProblem(line: 2, reason: .tooLong(limit: 1 << 20), text: start)])
    try Self.withFile(Array(text.utf8)) { descriptor in
      #expect(
        Self.streamed(descriptor, format: .csv, options: FlashcardReadOptions(), chunkSize: 4096)
          == .success(whole))
    }
  }

  @Test func problemsPastTheLimitAreCountedNotKept() throws {
    let text = "a,1\n" + String(repeating: "junk\n", count: 30) + "b,2\n"
    let options = FlashcardReadOptions(maximumProblemCount: 10)
    let result = try FlashcardReader.read(text: text, format: .csv, options: options)
    #expect(result.rows.map(\.term) == ["a", "b"])
    #expect(result.problems.map(\.line) == Array(2...11))
    #expect(result.omittedProblemCount == 20)
    try Self.withFile(Array(text.utf8)) { descriptor in
      #expect(
        Self.streamed(descriptor, format: .csv, options: options, chunkSize: 3)
          == .success(result))
    }
  }
}
