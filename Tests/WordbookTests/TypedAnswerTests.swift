import Testing
import Wordbook

/// A typed answer against a card's: the verdict, the part compared with, and the marks, in
/// Korean, English, Japanese kana, with combining marks and emoji.
@Suite struct TypedAnswerTests {
  /// The marks as text: a right character as itself, a wrong one in brackets, a missing one in
  /// braces.
  private func shown(_ marks: [TypedAnswer.Mark]) -> String {
    marks.map { mark in
      switch mark.kind {
      case .right: "\(mark.character)"
      case .wrong: "[\(mark.character)]"
      case .missing: "{\(mark.character)}"
      }
    }.joined()
  }

  @Test func oneWrongJamoIsHardAndMarksItsSyllable() {
    let answer = TypedAnswer(typed: "스다듬다", answer: "쓰다듬다")
    #expect(answer.proposal == .hard)
    #expect(shown(answer.typedMarks) == "[스]다듬다")
    #expect(shown(answer.expectedMarks) == "{쓰}다듬다")
  }

  /// Decomposed Hangul (conjoining jamo, as some keyboards send it) is the same text.
  @Test func decomposedHangulIsTheSameAnswer() {
    let decomposed = "\u{110A}\u{1173}\u{1103}\u{1161}\u{1103}\u{1173}\u{11B7}\u{1103}\u{1161}"
    #expect(TypedAnswer(typed: decomposed, answer: "쓰다듬다").proposal == .good)
    #expect(TypedAnswer(typed: "스다듬다", answer: decomposed).proposal == .hard)
  }

  /// Two wrong jamo, or one in a short answer, is a miss.
  @Test(arguments: [("사랑", "사량"), ("스다덤다", "쓰다듬다"), ("물", "불"), ("", "물")])
  func moreThanOneWrongJamoOrAShortAnswerIsAgain(typed: String, answer: String) {
    #expect(TypedAnswer(typed: typed, answer: answer).proposal == .again)
  }

  @Test func onePartOfTheMeaningIsGood() {
    let answer = TypedAnswer(typed: "to stroke", answer: "to pat; to stroke, to caress")
    #expect(answer.proposal == .good)
    #expect(answer.expected == "to stroke")
    #expect(TypedAnswer(typed: "water", answer: "water / fire\nmountain").proposal == .good)
    #expect(TypedAnswer(typed: "mountain", answer: "water / fire\nmountain").proposal == .good)
    // The whole answer, as written, is one of the answers.
    #expect(TypedAnswer(typed: "to pat; to stroke", answer: "to pat; to stroke").proposal == .good)
  }

  @Test func caseSpacesAndClosingPunctuationDoNotCount() {
    let answer = TypedAnswer(typed: "  The   Water!! ", answer: "the water.")
    #expect(answer.proposal == .good)
    #expect(shown(answer.typedMarks) == "The Water")
    #expect(shown(answer.expectedMarks) == "the water")
  }

  @Test func oneWrongLetterInALongWordIsHardAndShowsWhatWasMissing() {
    let answer = TypedAnswer(typed: "recieve", answer: "receive")
    #expect(answer.proposal == .again)  // two edits: i and e swapped
    let missing = TypedAnswer(typed: "recive", answer: "receive")
    #expect(missing.proposal == .hard)
    #expect(shown(missing.typedMarks) == "recive")
    #expect(shown(missing.expectedMarks) == "rec{e}ive")
    let extra = TypedAnswer(typed: "receeive", answer: "receive")
    #expect(extra.proposal == .hard)
    #expect(shown(extra.typedMarks) == "rece[e]ive" || shown(extra.typedMarks) == "rec[e]eive")
    #expect(TypedAnswer(typed: "cat", answer: "car").proposal == .again)
  }

  @Test func kanaCompareByCharacter() {
    #expect(TypedAnswer(typed: "たべる", answer: "たべる").proposal == .good)
    let answer = TypedAnswer(typed: "たべり", answer: "たべる")
    #expect(answer.proposal == .again)
    #expect(shown(answer.typedMarks) == "たべ[り]")
    #expect(TypedAnswer(typed: "ありがとお", answer: "ありがとう").proposal == .hard)
  }

  /// A letter with a combining mark is one character, the same as its precomposed form.
  @Test func combiningMarksAreOneCharacter() {
    #expect(TypedAnswer(typed: "cafe\u{301}", answer: "café").proposal == .good)
    let answer = TypedAnswer(typed: "cafe", answer: "café")
    #expect(answer.proposal == .hard)
    #expect(shown(answer.typedMarks) == "caf[e]")
    #expect(shown(answer.expectedMarks) == "caf{é}")
  }

  @Test func anEmojiIsOneCharacter() {
    let answer = TypedAnswer(typed: "👍🏽 good", answer: "👍🏾 good")
    #expect(answer.proposal == .hard)
    #expect(shown(answer.typedMarks) == "[👍🏽] good")
  }

  /// A hostile card's answer is compared whole past the aligned length, quickly.
  @Test func aHugeAnswerIsComparedWhole() {
    let huge = String(repeating: "가나다라", count: 50_000)
    #expect(TypedAnswer(typed: huge, answer: huge).proposal == .good)
    let other = TypedAnswer(typed: "가나다", answer: huge)
    #expect(other.proposal == .again)
    #expect(other.expectedMarks.allSatisfy { $0.kind == .missing })
    let manyParts = Array(repeating: "물", count: 20_000).joined(separator: ";") + ";불"
    #expect(TypedAnswer(typed: "불", answer: manyParts).proposal == .good)
  }

  /// Over random texts: a text against itself is good; the expected marks spell the expected
  /// part, and each right character of one text is a right character of the other.
  @Test func marksSpellBothTextsOverRandomPairs() {
    var generator = SplitMix64(seed: 51)
    let alphabet: [Character] = ["a", "b", "C", " ", "가", "까", "é", "👍", "た", ",", "."]
    func text() -> String {
      String(
        (0..<Int.random(in: 0...8, using: &generator)).map { _ in
          alphabet.randomElement(using: &generator)!
        })
    }
    for _ in 0..<500 {
      let (typed, answer) = (text(), text())
      let comparison = TypedAnswer(typed: typed, answer: answer)
      #expect(String(comparison.expectedMarks.map(\.character)) == comparison.expected)
      #expect(
        comparison.typedMarks.count(where: { $0.kind == .right })
          == comparison.expectedMarks.count(where: { $0.kind == .right }))
      #expect(comparison.typedMarks.allSatisfy { $0.kind != .missing })
      #expect(comparison.expectedMarks.allSatisfy { $0.kind != .wrong })
      let itself = TypedAnswer(typed: answer, answer: answer)
      if !itself.expected.isEmpty {
        #expect(itself.proposal == .good)
      }
    }
  }
}
