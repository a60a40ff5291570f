// libFuzzer target: FlashcardReader reading from a file descriptor, whose windows the fuzzer
// cuts anywhere (even inside a record or a UTF-8 sequence), must give exactly what reading the
// whole bytes at once gives. Built by .ci/fuzz, not by SwiftPM.
//
// The first byte picks the format (bits 0-2), the longest record (bits 3-4) and the size of the
// pieces the reader receives (bits 5-7); the rest is the file.
import Wordbook
import WordbookInterchange

/// Reads one input whole and in pieces, and stops the fuzzer when the two differ.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzChunkedReader(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  guard let start, count > 0 else { return 0 }
  let bytes = UnsafeRawBufferPointer(start: start, count: count)
  let selector = Int(bytes[0])
  let input = Array(bytes.dropFirst())
  let formats: [FlashcardFormat?] = [nil] + FlashcardFormat.allCases.map(Optional.some)
  let format = formats[(selector & 0x7) % formats.count]
  let options = FlashcardReadOptions(
    maximumRecordLength: [1 << 20, 9, 40, 300][(selector >> 3) & 0x3])
  let packetSize = [4096, 1, 2, 3, 7, 16, 64, 500][selector >> 5]
  let whole = Result { () throws(FlashcardReadError) in
    try FlashcardReader.read(input, format: format, options: options)
  }
  let streamed = withPackets(input, packetSize: packetSize) { descriptor in
    var rows: [FlashcardRow] = []
    return Result { () throws(FlashcardReadError) -> ParseResult in
      var result = try FlashcardReader.read(
        fileDescriptor: descriptor, format: format, options: options
      ) { rows += $0 }
      result.rows = rows
      return result
    }
  }
  if streamed != whole {
    fatalError("read in pieces of \(packetSize): \(streamed), whole: \(whole)")
  }
  return 0
}
