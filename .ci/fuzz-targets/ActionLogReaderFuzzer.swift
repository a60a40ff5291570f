// libFuzzer target: ActionLogReader must turn any bytes into entries then the end of the log
// or a DecodingError, never crash, and give the same outcome wherever its reads cut the log.
// Built by .ci/fuzz, not by SwiftPM.
//
// The input's length picks the size of the pieces the reader receives and the longest line,
// so a mutation that changes the length also moves the cuts.
import StoreCore
import Wordbook

/// Everything a reader of `descriptor` returns: its entries, how it ended, and whether it
/// skipped a cut-off last line.
private func readAll(_ descriptor: Int32, maximumLineLength: Int) -> String {
  var reader = ActionLogReader<AppAction>(
    fileDescriptor: descriptor, maximumLineLength: maximumLineLength)
  var entries: [ActionLogEntry<AppAction>] = []
  do {
    while let entry = try reader.next() { entries.append(entry) }
  } catch {
    return "\(entries) then \(error.description)"
  }
  return "\(entries) then the end; cut-off line skipped: \(reader.skippedCutOffLine)"
}

/// Reads one input as a log in one piece and in many, and stops the fuzzer when they differ.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzActionLogReader(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  let input = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
  let maximumLineLength = [1 << 20, 16, 100, 300][count % 4]
  let packetSize = 1 + (count / 4) % 97
  let whole = withPackets(input, packetSize: 1 << 16) {
    readAll($0, maximumLineLength: maximumLineLength)
  }
  let pieces = withPackets(input, packetSize: packetSize) {
    readAll($0, maximumLineLength: maximumLineLength)
  }
  if pieces != whole {
    fatalError("read in pieces of \(packetSize): \(pieces); whole: \(whole)")
  }
  return 0
}
