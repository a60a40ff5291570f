// libFuzzer target for the import parsers (format: .quizlet). Built by .ci/fuzz, not by SwiftPM.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQuizlet(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  fuzzFlashcards(start, count, format: .quizlet)
  return 0
}
