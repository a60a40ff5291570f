// libFuzzer target for the import parsers (format: .tsv). Built by .ci/fuzz, not by SwiftPM.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTSV(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  fuzzFlashcards(start, count, format: .tsv)
  return 0
}
