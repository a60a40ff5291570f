// libFuzzer target for the import parsers (format: nil). Built by .ci/fuzz, not by SwiftPM.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFormatDetection(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  fuzzFlashcards(start, count, format: nil)
  return 0
}
