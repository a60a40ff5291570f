// libFuzzer target for the import parsers (format: .anki). Built by .ci/fuzz, not by SwiftPM.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAnki(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  fuzzFlashcards(start, count, format: .anki)
  return 0
}
