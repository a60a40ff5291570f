import Testing
import Wordbook
import WordbookInterchange

/// Reads every file in `../shared/data/` and checks what its `SOURCE.md` describes.
@Suite struct RealDataTests {
  private static let quizletFolder = "quizlet-pipe-sets"
  private static let missing = "../shared/data is absent (a user's clone); real-file tests skipped"

  /// A Quizlet set: its file, the cards it holds and the lines it rejects.
  struct QuizletSet: Sendable, CustomTestStringConvertible {
    var file: String
    var cards: Int
    var rejected: [LineProblem]

    var testDescription: String { file }
  }

  static let quizletSets: [QuizletSet] = [
    QuizletSet(file: "spanish__aqa__master-set.txt", cards: 4_779, rejected: []),
    QuizletSet(
      file: "german__aqa__A2__unit6.txt", cards: 180,
      rejected: [
        LineProblem(
          line: 130, reason: .missingSeparator("|"), text: "to harm (starts with b) belasten")
      ]),
    QuizletSet(
      file: "german__aqa__AS__unit6.txt", cards: 143,
      rejected: [
        LineProblem(
          line: 88, reason: .tooManySeparators(found: 2, separator: "|"),
          text: "the national orchestra/band|to take plac…")
      ]),
    QuizletSet(
      file: "spanish__aqa__general__flowers.txt", cards: 136,
      rejected: [
        LineProblem(line: 27, reason: .missingSeparator("|"), text: "the primrose"),
        LineProblem(
          line: 138, reason: .missingSeparator("|"),
          text: "https://www.berlitz.com/blog/flowers-in-…"),
      ]),
    QuizletSet(
      file: "spanish__aqa__A2__unit6_los_movimientos_populares.txt", cards: 151, rejected: []),
    QuizletSet(file: "japanese__university__hiragana__aiueo.txt", cards: 5, rejected: []),
    QuizletSet(
      file: "japanese__university__marugoto-a1__daily-routine-and-verbs.txt", cards: 24,
      rejected: [LineProblem(line: 1, reason: .missingSeparator("|"), text: "# かつどう page 62-63")]),
    // SOURCE.md says 110 from `wc -l`, but the file has no final newline: 111 cards.
    QuizletSet(file: "dutch__self-study__animals.txt", cards: 111, rejected: []),
  ]

  @Test(
    .enabled(if: RealData.isAvailable(quizletFolder), Comment(rawValue: missing)),
    arguments: quizletSets)
  func quizletSet(_ set: QuizletSet) throws {
    let result = try FlashcardReader.read(RealData.bytes("\(Self.quizletFolder)/\(set.file)"))
    #expect(result.format == .quizlet)
    #expect(result.separator == "|")
    #expect(result.rows.count == set.cards)
    #expect(result.problems == set.rejected)
    #expect(result.rows.allSatisfy { !$0.term.isEmpty && $0.meaning == $0.meaning.trimmed })
  }

  @Test(.enabled(if: RealData.isAvailable(quizletFolder), Comment(rawValue: missing)))
  func quizletQuirks() throws {
    let master = try FlashcardReader.read(
      RealData.bytes("\(Self.quizletFolder)/spanish__aqa__master-set.txt"))
    #expect(Set(master.rows.map(\.term)).count == 4_385)
    let movements = try FlashcardReader.read(
      RealData.bytes("\(Self.quizletFolder)/spanish__aqa__A2__unit6_los_movimientos_populares.txt"))
    #expect(movements.rows.first { $0.line == 143 }?.meaning == "los desempleados")
    let kana = try FlashcardReader.read(
      RealData.bytes("\(Self.quizletFolder)/japanese__university__hiragana__aiueo.txt"))
    #expect(kana.rows.first?.draft == WordDraft(term: "あ", meaning: "a"))
  }

  @Test(.enabled(if: RealData.isAvailable("anki-export-flashcards-os"), Comment(rawValue: missing)))
  func ankiExport() throws {
    let bytes = try RealData.bytes("anki-export-flashcards-os/OS.txt")
    let result = try FlashcardReader.read(bytes)
    #expect(result.format == .anki)
    #expect(result.separator == "\t")
    #expect(result.rows.count == 65)
    #expect(result.problems.isEmpty)
    #expect(result.rows.first?.term == "Qu’est-ce qu’un système d’exploitation ?")
    #expect(result.rows.first?.line == 6)
    #expect(result.rows.allSatisfy { $0.tags.isEmpty && !$0.meaning.isEmpty })
    #expect(result.rows.allSatisfy { !$0.meaning.contains("<") && !$0.meaning.contains("&nbsp;") })
    let second = try #require(result.rows.dropFirst().first)
    // Its ordered list keeps its numbers.
    #expect(
      second.meaning.hasPrefix("1. Gestion des ressources (CPU, mémoire, E/S)\n2. Gestion des"))

    let kept = try FlashcardReader.read(bytes, options: FlashcardReadOptions(html: .keep))
    #expect(kept.rows.map(\.term).count == 65)
    #expect(
      kept.rows.dropFirst().first?.meaning.hasPrefix("<ol><li>Gestion des ressources") == true)
    #expect(kept.rows.filter { $0.meaning.contains("\n") || $0.term.contains("\n") }.count == 22)
  }

  @Test(.enabled(if: RealData.isAvailable("wordset-en-defs"), Comment(rawValue: missing)))
  func wordsetDefinitions() throws {
    let result = try FlashcardReader.read(RealData.bytes("wordset-en-defs/wordset_a-l.tsv"))
    #expect(result.format == .tsv)
    #expect(result.hasHeader)
    #expect(result.problems.isEmpty)
    #expect(result.rows.count == 45_747)
    #expect(
      result.rows.first?.draft
        == WordDraft(term: "a cappella", meaning: "without musical accompaniment"))
    #expect(
      result.rows.last?.draft
        == WordDraft(term: "low key", meaning: "kind of; a little bit; understated"))
    #expect(result.rows.last?.line == 45_749)
    #expect(
      result.rows.filter(\.meaning.isEmpty).map(\.term).sorted() == [
        "acetoacetic acid", "alkaline earth",
      ])
    #expect(result.rows.filter { $0.meaning.contains("\n") }.map(\.term) == ["above the salt"])
    #expect(result.rows.filter { $0.meaning.contains("\"") }.count == 10)
    let uncle = try #require(result.rows.first { $0.term == "Bob's your uncle" })
    #expect(uncle.meaning.hasSuffix("the French expression \"et voilà !\""))
    #expect(uncle.line == 13_880)
  }

  @Test(
    .enabled(if: RealData.isAvailable("frequencywords-50k"), Comment(rawValue: missing)),
    arguments: ["en_50k.txt", "ko_50k.txt"])
  func frequencyList(_ file: String) throws {
    let result = try FlashcardReader.read(RealData.bytes("frequencywords-50k/\(file)"))
    #expect(result.format == .quizlet)
    #expect(result.separator == " ")
    #expect(result.problems.isEmpty)
    #expect(result.rows.count == 50_000)
    #expect(Set(result.rows.map(\.term)).count == 50_000)
    #expect(result.rows.allSatisfy { Int($0.meaning) != nil })
  }
}

extension String {
  fileprivate var trimmed: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
