// libFuzzer target: the action-log decoder must turn any bytes into entries or a
// DecodingError, never crash. Built by .ci/fuzz, not by SwiftPM.
import Foundation
import StoreCore
import Wordbook

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzActionLog(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  let data = start.map { Data(bytes: $0, count: count) } ?? Data()
  do {
    let entries = try ActionLogDecoder.decode(AppAction.self, from: data)
    // What decodes must encode again: a replay writes the log it read.
    let encoder = JSONEncoder()
    for entry in entries { _ = try? encoder.encode(entry) }
  } catch {
    _ = error.description
  }
  return 0
}
