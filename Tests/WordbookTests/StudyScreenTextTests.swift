import Testing
import Wordbook

/// The study screen's texts that every front end shows, through the public API alone.
@Suite struct StudyScreenTextTests {
  @Test func valuesAreFilledInByName() {
    #expect(
      StudyScreenText.roundCounts.text(in: .english, ["new": "10", "learning": "1", "due": "3"])
        == "New 10 · Learning 1 · Due 3")
    #expect(StudyScreenText.name(of: .failedOnly).text(in: .korean) == "틀린 단어만")
    #expect(
      StudyScreenText.roundCounts.text(in: .korean, ["new": "0", "learning": "2", "due": "1,234"])
        == "새 단어 0 · 학습 중 2 · 복습 1,234")
  }

  @Test func aValueIsPutInAsItIsNeverFilledInAgain() {
    let question = StudyScreenText.deleteWordQuestion.text(
      in: .english, ["term": "{term} and {count}", "count": "7"])
    #expect(question == "Delete “{term} and {count}” from the wordbook?")
  }

  @Test func aNameWithoutAValueStaysAsItIsWritten() {
    #expect(
      StudyScreenText.roundSummary.text(in: .english, ["known": "3"])
        == "Known 3 · Not known {notKnown}")
    #expect(StudyScreenText.roundLeft.text(in: .english) == "{count} left")
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
