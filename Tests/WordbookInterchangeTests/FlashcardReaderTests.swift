import Testing
import Wordbook
import WordbookInterchange

@Suite struct FlashcardReaderTests {
  @Test func readsCSVWithHeaderAndStudyStates() throws {
    let result = try FlashcardReader.read(
      text: "term,meaning,state\n사과,apple,success\nbanana,바나나,fail\ncat,고양이,\n")
    #expect(result.format == .csv)
    #expect(result.hasHeader)
    #expect(
      result.rows.map(\.draft) == [
        WordDraft(term: "사과", meaning: "apple", studyState: .success),
        WordDraft(term: "banana", meaning: "바나나", studyState: .fail),
        WordDraft(term: "cat", meaning: "고양이"),
      ])
    #expect(result.rows.map(\.line) == [2, 3, 4])
    #expect(result.problems.isEmpty)
  }

  /// A state column takes the states as `wordbook words` shows them too, so its lines import.
  @Test func readsTheStatesAsTheWordsCommandShowsThem() throws {
    let result = try FlashcardReader.read(
      text: "term\tmeaning\tstate\na\tA\tnot-studied\nb\tB\tsuccess\nc\tC\tfail\n")
    #expect(result.rows.map(\.draft.studyState) == [.notStudied, .success, .fail])
    #expect(result.problems.isEmpty)
  }

  /// The `image` column the writer adds comes back as the picture's file name; a name that
  /// could reach outside the media folder rejects its line.
  @Test func readsThePictureFileNameOfTheImageColumn() throws {
    let names = ["a1b2.png", "", "../x.png", "/etc/passwd", "dir/x.png", ".hidden", "a\\b.png"]
    let text = "term,meaning,state,image\n" + names.map { "t,m,success,\($0)\n" }.joined()
    let result = try FlashcardReader.read(text: text)
    #expect(result.rows.map(\.imageReference) == ["a1b2.png", nil])
    #expect(result.rows.first?.draft.imageReference == "a1b2.png")
    #expect(
      result.problems.map(\.reason)
        == names.dropFirst(2).map { LineProblem.Reason.invalidImageName($0) })
  }

  @Test func readsCSVWithoutHeader() throws {
    let result = try FlashcardReader.read(text: "dog,개\ncat,고양이\n", format: .csv)
    #expect(!result.hasHeader)
    #expect(result.rows.map(\.term) == ["dog", "cat"])
    #expect(result.rows.map(\.meaning) == ["개", "고양이"])
  }

  @Test func headerlessTablesMayEndWithAWrittenState() throws {
    let result = try FlashcardReader.read(
      text: "dog\t개\ncat\t고양이\tsuccess\nbird\t새\tnew\n", format: .tsv)
    #expect(result.rows.map(\.studyState) == [.notStudied, .success])
    #expect(
      result.problems == [
        LineProblem(line: 3, reason: .tooManyFields(found: 3, expected: 2), text: "bird\t새\tnew")
      ])
  }

  @Test func headerOptionOverridesDetection() throws {
    let text = "term,meaning\nword,definition\n"
    let absent = try FlashcardReader.read(
      text: text, format: .csv, options: FlashcardReadOptions(header: .absent))
    #expect(absent.rows.map(\.term) == ["term", "word"])
    let present = try FlashcardReader.read(
      text: "a,b\nc,d\n", format: .csv, options: FlashcardReadOptions(header: .present))
    #expect(present.rows.map(\.term) == ["c"])
  }

  @Test func quotedFieldsSpanLinesAndDoubleQuotes() throws {
    let text = "term,meaning\n\"a, b\",\"say \"\"hi\"\"\nthen go\"\nnext,one\n"
    let result = try FlashcardReader.read(text: text)
    #expect(result.rows.map(\.term) == ["a, b", "next"])
    #expect(result.rows.first?.meaning == "say \"hi\"\nthen go")
    #expect(result.rows.map(\.line) == [2, 4])
  }

  @Test func survivesBOMCRLFBlankLinesAndTrailingSpaces() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("dog\t개  \r\n\r\n   \r\ncat \t고양이\r\n".utf8)
    let result = try FlashcardReader.read(bytes)
    #expect(result.format == .tsv)
    #expect(result.rows.map(\.term) == ["dog", "cat"])
    #expect(result.rows.map(\.meaning) == ["개", "고양이"])
    #expect(result.rows.map(\.line) == [1, 4])
  }

  @Test func reportsMissingAndExtraSeparatorsWithLines() throws {
    let text = "term,meaning\nfine,ok\nlonely\ntoo,many,fields,here\n,no term\nempty,\n"
    let result = try FlashcardReader.read(text: text)
    #expect(result.rows.map(\.term) == ["fine", "empty"])
    #expect(result.rows.last?.meaning == "")
    #expect(
      result.problems == [
        LineProblem(line: 3, reason: .missingSeparator(","), text: "lonely"),
        LineProblem(
          line: 4, reason: .tooManyFields(found: 4, expected: 2), text: "too,many,fields,here"),
        LineProblem(line: 5, reason: .emptyTerm, text: ",no term"),
      ])
    #expect(
      result.problems[0].message(in: .english, file: "cards.csv")
        == #"cards.csv, line 3 (“lonely”): no separator "," between term and meaning"#)
  }

  @Test func reportsUnknownStudyStateAndUnterminatedQuote() throws {
    let text = "term,meaning,state\nx,y,maybe\n\"open,z\n"
    let result = try FlashcardReader.read(text: text)
    #expect(result.rows.isEmpty)
    #expect(
      result.problems == [
        LineProblem(line: 2, reason: .unknownStudyState("maybe"), text: "x,y,maybe"),
        LineProblem(line: 3, reason: .unterminatedQuote, text: "\"open,z"),
      ])
  }

  @Test func choosesColumnsByHeaderName() throws {
    let text = "term\tspeech_part\tdefinition\tmeaning_count\nrun\tverb\tmove fast\t3\n"
    let result = try FlashcardReader.read(text: text)
    #expect(result.format == .tsv)
    #expect(result.rows.map(\.draft) == [WordDraft(term: "run", meaning: "move fast")])
  }

  @Test func choosesColumnsByOption() throws {
    let options = FlashcardReadOptions(
      header: .absent, termColumn: 3, meaningColumn: 1, studyStateColumn: 2)
    let result = try FlashcardReader.read(
      text: "개\tsuccess\tdog\n", format: .tsv, options: options)
    #expect(
      result.rows.map(\.draft) == [WordDraft(term: "dog", meaning: "개", studyState: .success)])
  }

  @Test func readsSemicolonCSV() throws {
    let result = try FlashcardReader.read(text: "chien;dog\nchat;cat, kitty\n")
    #expect(result.format == .csv)
    #expect(result.separator == ";")
    #expect(result.rows.map(\.meaning) == ["dog", "cat, kitty"])
  }

  @Test func invalidUTF8NamesOffsetAndLine() {
    let bytes = Array("a,b\nc,d\n".utf8) + [0x65, 0xC3, 0x28] + Array(",x\n".utf8)
    #expect(throws: FlashcardReadError.invalidUTF8(byteOffset: 9, line: 3)) {
      try FlashcardReader.read(bytes)
    }
    #expect(throws: FlashcardReadError.invalidUTF8(byteOffset: 0, line: 1)) {
      try FlashcardReader.read([0xFF, 0x41])
    }
    #expect(throws: FlashcardReadError.invalidUTF8(byteOffset: 1, line: 1)) {
      try FlashcardReader.read([0x41, 0xED, 0xA0, 0x80])
    }
  }

  @Test func rejectsMultiByteSeparatorForCSV() {
    #expect(throws: FlashcardReadError.unsupportedSeparator("::")) {
      try FlashcardReader.read(
        text: "a::b", format: .csv, options: FlashcardReadOptions(separator: "::"))
    }
  }

  @Test func rejectsColumnsBelowOne() {
    #expect(throws: FlashcardReadError.invalidColumn(0)) {
      try FlashcardReader.read(
        text: "a,b", format: .csv, options: FlashcardReadOptions(termColumn: 0))
    }
  }

  @Test func emptyInputHasNoRows() throws {
    for format in FlashcardFormat.allCases {
      let result = try FlashcardReader.read([], format: format)
      #expect(result.rows.isEmpty && result.problems.isEmpty)
    }
  }

  @Test func separatorNamesResolve() {
    #expect(FlashcardReadOptions.separator(named: "Tab") == "\t")
    #expect(FlashcardReadOptions.separator(named: "pipe") == "|")
    #expect(FlashcardReadOptions.separator(named: "\\t") == "\t")
    #expect(FlashcardReadOptions.separator(named: "::") == "::")
  }

  @Test func columnsAreChosenByHeaderNameOrNumber() throws {
    let text = "wordid\tword\tsyn\tdef\n1\t만\t\tten thousand\n"
    let named = try FlashcardReader.read(
      text: text, options: FlashcardReadOptions(termColumn: "Word", meaningColumn: "DEF"))
    #expect(named.header == ["wordid", "word", "syn", "def"])
    #expect(named.rows.map(\.draft) == [WordDraft(term: "만", meaning: "ten thousand")])
    let numbered = try FlashcardReader.read(
      text: text, options: FlashcardReadOptions(header: .present, termColumn: 2, meaningColumn: 4))
    #expect(numbered.rows.map(\.draft) == named.rows.map(\.draft))
    #expect(throws: FlashcardReadError.unknownColumn("lemma", header: named.header)) {
      try FlashcardReader.read(text: text, options: FlashcardReadOptions(termColumn: "lemma"))
    }
    #expect(FlashcardColumn(parsing: "12") == .number(12))
    #expect(FlashcardColumn(parsing: "1st") == .named("1st"))
  }

  @Test func moreThanTwoColumnsWithoutAHeaderAreRefusedNotGuessed() throws {
    #expect(throws: FlashcardReadError.ambiguousColumns(firstRow: ["1", "만", "ten thousand"])) {
      try FlashcardReader.read(text: "1\t만\tten thousand\n")
    }
    // A third field that is a study state, as the writer adds, is not a guess.
    let states = try FlashcardReader.read(text: "만\tten thousand\tsuccess\n")
    #expect(states.rows.map(\.studyState) == [.success])
  }

  @Test func carriageReturnsAloneEndLines() throws {
    let result = try FlashcardReader.read(text: "사과,apple\r배,pear\r\r포도,grape")
    #expect(result.rows.map(\.term) == ["사과", "배", "포도"])
    #expect(result.rows.map(\.line) == [1, 2, 4])
  }

  @Test func sqlScriptsAreRefusedUnlessAFormatIsGiven() throws {
    let dump = "PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\nCOMMIT;\n"
    #expect(throws: FlashcardReadError.sqlScript) { try FlashcardReader.read(text: dump) }
    #expect(try FlashcardReader.read(text: dump, format: .csv).rows.isEmpty == false)
  }
}
