// libFuzzer target for the import parsers (format: .csv). Built by .ci/fuzz, not by SwiftPM.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  fuzzFlashcards(start, count, format: .csv)
  return 0
}
