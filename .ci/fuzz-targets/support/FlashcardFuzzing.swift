// Shared by the import-parser fuzz targets: reads the input with options picked by its first
// byte, then writes the cards back and reads them again. Any outcome but a crash is fine:
// malformed files must come back as FlashcardReadError or LineProblems.
import Wordbook
import WordbookInterchange

func fuzzFlashcards(_ start: UnsafeRawPointer?, _ count: Int, format: FlashcardFormat?) {
  guard let start, count > 0 else {
    _ = try? FlashcardReader.read([UInt8](), format: format)
    return
  }
  let bytes = UnsafeRawBufferPointer(start: start, count: count)
  let selector = bytes[0]
  let input = Array(bytes.dropFirst())
  let separators: [String?] = [nil, ",", "\t", ";", "|", " - ", ""]
  let options = FlashcardReadOptions(
    separator: separators[Int(selector & 0x7) % separators.count],
    cardSeparator: selector & 0x08 == 0 ? nil : "\n\n",
    html: selector & 0x10 == 0 ? .stripToText : .keep,
    header: [.detect, .present, .absent][Int(selector >> 5) % 3],
    termColumn: selector & 0x80 == 0 ? nil : .number(Int(selector % 4)),
    meaningColumn: selector & 0x80 == 0
      ? nil : selector & 0x40 == 0 ? .number(Int(selector % 3)) : "word"
  )
  _ = FlashcardReader.detectFormat(input)
  guard let parsed = try? FlashcardReader.read(input, format: format, options: options) else {
    return
  }
  for problem in parsed.problems { _ = String(describing: problem) }
  for target in FlashcardFormat.allCases {
    if let text = try? FlashcardWriter.write(parsed.rows, format: target) {
      _ = try? FlashcardReader.read(text: text, format: target)
    }
  }
}
