import Testing
import Wordbook

/// The study screen's texts that every front end shows, through the public API alone.
@Suite struct StudyScreenTextTests {
  @Test func valuesAreFilledInByName() {
    #expect(
      StudyScreenText.dueCounts.text(in: .english, ["due": "3", "new": "10"]) == "3 due, 10 new")
    #expect(StudyScreenText.name(of: .failedOnly).text(in: .korean) == "틀린 단어만")
    #expect(
      StudyScreenText.dueCounts.text(in: .korean, ["due": "1,234", "new": "0"])
        == "복습 1,234개, 새 단어 0개")
  }

  @Test func aValueIsPutInAsItIsNeverFilledInAgain() {
    let question = StudyScreenText.deleteWordQuestion.text(
      in: .english, ["term": "{term} and {count}", "count": "7"])
    #expect(question == "Delete “{term} and {count}” from the wordbook?")
  }

  @Test func aNameWithoutAValueStaysAsItIsWritten() {
    #expect(StudyScreenText.dueCounts.text(in: .english, ["due": "3"]) == "3 due, {new} new")
    #expect(StudyScreenText.dueCounts.text(in: .english) == "{due} due, {new} new")
    #expect(StudyScreenText.words.text(in: .english, ["x": "1"]) == "{count} words")
  }

  /// Each language's catalogue names its language, and the key help reads it.
  @Test func eachCatalogueIsItsLanguages() {
    #expect(EnglishCatalogue().language == .english && KoreanCatalogue().language == .korean)
    #expect(StudyKeyHelp.shuffle.text(in: .english) == "shuffle")
    #expect(StudyKeyHelp.shuffle.text(in: .korean) == "섞기")
  }

  /// Every text is worded in every language, naming the same values.
  @Test(arguments: StudyScreenText.allCases) func everyLanguageNamesTheSameValues(
    text: StudyScreenText
  ) {
    let names = Language.allCases.map { Self.names(in: text.template(in: $0)) }
    #expect(names.allSatisfy { $0 == names[0] })
    #expect(Language.allCases.allSatisfy { !text.template(in: $0).isEmpty })
  }

  @Test func everyModeAndStateHasItsOwnName() {
    let modes = Set(StudyMode.allCases.map { StudyScreenText.name(of: $0) })
    let states = Set(StudyState.allCases.map { StudyScreenText.name(of: $0) })
    #expect(modes.count == StudyMode.allCases.count)
    #expect(states == [.known, .notKnown, .notStudied])
    #expect(modes.isDisjoint(with: states))
  }

  /// The names in braces in `template`.
  private static func names(in template: String) -> Set<String> {
    var names: Set<String> = []
    var rest = template[...]
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      names.insert(String(rest[rest.index(after: open)..<close]))
      rest = rest[rest.index(after: close)...]
    }
    return names
  }
}
