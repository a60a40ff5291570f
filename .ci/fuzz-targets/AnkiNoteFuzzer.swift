// libFuzzer target for the .apkg note reader: the first byte picks the term and meaning
// fields, the rest is a note's fields. Built by .ci/fuzz, not by SwiftPM.
import WordbookAnki

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAnkiNote(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  guard let start, count > 0 else { return 0 }
  let bytes = UnsafeRawBufferPointer(start: start, count: count)
  let selector = Int(bytes[0])
  let fields = String(decoding: bytes.dropFirst(), as: UTF8.self)
  let note = AnkiNoteReader.note(
    fields: fields, number: 1, termField: selector % 4, meaningField: (selector >> 2) % 4)
  if case .failure(let problem) = note { _ = String(describing: problem) }
  return 0
}
