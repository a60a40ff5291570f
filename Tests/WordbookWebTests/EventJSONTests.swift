import Foundation
import Testing
import Wordbook

@testable import WordbookWeb

/// The `status` and `card` events, written field by field, say what `JSONEncoder` would: the
/// page parses the same values whatever the text of a card or an error holds.
@Suite struct EventJSONTests {
  /// A card as the page reads it.
  private struct ParsedCard: Decodable, Equatable {
    var id: Int64
    var term: String
    var meaning: String
    var state: String
    var face: String
  }

  /// The text a hostile or unusual card may hold: quotes, backslashes, every control
  /// character, the line separators, Hangul, emoji and the surrogate range's neighbours.
  private static let pieces: [String] =
    ["\"", "\\", "/", "\u{2028}", "\u{2029}", "단어", "🇰🇷", "\u{FFFF}", "\u{10FFFF}", "e\u{301}", "a"]
    + (0..<0x20).map { String(UnicodeScalar(UInt8($0))) } + ["\u{7F}"]

  private static func randomText(_ generator: inout SplitMix64) -> String {
    let count = Int.random(in: 0...12, using: &generator)
    return (0..<count).map { _ in pieces[Int.random(in: pieces.indices, using: &generator)] }
      .joined()
  }

  @Test func aCardsEventParsesAsItsEncodableForm() throws {
    var generator = SplitMix64(seed: 52)
    for round in 0..<300 {
      let word = Word(
        id: Word.ID(Int64.random(in: Int64.min...Int64.max, using: &generator)),
        term: Self.randomText(&generator), meaning: Self.randomText(&generator),
        studyState: [.notStudied, .success, .fail][round % 3])
      let card = WebEvents.Card(word, face: round.isMultiple(of: 2) ? .front : .back)
      let written = try JSONDecoder().decode(ParsedCard.self, from: Data(card.json.utf8))
      let encoded = try JSONDecoder().decode(ParsedCard.self, from: JSONEncoder().encode(card))
      #expect(written == encoded)
      #expect(written.term == word.term && written.meaning == word.meaning)
    }
  }

  @Test func aStatusEventLeavesOutWhatIsNotThereAndEscapesWhatIs() throws {
    var state = AppState(seed: 1)
    let plain = try #require(
      JSONSerialization.jsonObject(
        with: Data(WebEvents.Status(state, language: .english).json.utf8))
        as? [String: Any])
    #expect(plain["error"] == nil && plain["searchQuery"] == nil && plain["due"] == nil)
    #expect(plain["mode"] as? String == "all" && plain["canUndo"] as? Bool == false)
    #expect(plain["success"] as? Int == 0 && plain["unsavedMarks"] as? Int == 0)

    let book = WordBook(id: WordBook.ID(7), title: "say \"hi\"\\\n\u{1}")
    state.lastError = .service(.titleTaken(by: book))
    let status = WebEvents.Status(state, language: .korean)
    let parsed = try #require(
      JSONSerialization.jsonObject(with: Data(status.json.utf8)) as? [String: Any])
    #expect(parsed["error"] as? String == status.error)
    #expect(status.error?.isEmpty == false)
  }
}
