import Synchronization
import Testing
import Wordbook
import WordbookSQLite

/// `importWords` against each implementation: book creation, duplicate policies, progress,
/// validation and cancellation must agree.
@Suite struct WordServiceImportContractTests {
  /// Collects the progress reports of an import.
  final class ProgressLog: Sendable {
    let values = Mutex<[Int]>([])
    func record(_ value: Int) { values.withLock { $0.append(value) } }
  }

  static let existing = [
    WordDraft(term: "사랑", meaning: "love"),
    WordDraft(term: "물", meaning: "water"),
    WordDraft(term: "물", meaning: "water, again"),
  ]
  static let incoming = [
    WordDraft(term: "물", meaning: "H2O", imageReference: "h2o.png", studyState: .success),
    WordDraft(term: "책", meaning: "book"),
    WordDraft(term: "책", meaning: "book, twice", studyState: .fail),
    WordDraft(term: "사랑", meaning: "affection"),
  ]

  /// A service holding one book "Book" with ``existing``.
  func prepared(_ kind: ServiceKind) async throws -> (any WordService, TemporaryFolder) {
    let (service, folder) = try kind.make()
    let book = try await service.createBook(title: "Book")
    for draft in Self.existing { _ = try await service.saveWord(draft, to: book.id) }
    return (service, folder)
  }

  @Test(arguments: ServiceKind.allCases)
  func importCreatesMissingBookAndReportsProgress(kind: ServiceKind) async throws {
    let (service, _) = try kind.make()
    let drafts = (0..<2500).map { WordDraft(term: "t\($0)", meaning: "m\($0)") }
    let log = ProgressLog()
    let summary = try await service.importWords(
      drafts, intoBookTitled: " Imported ", onDuplicate: .skip, progress: log.record)
    #expect(summary.imported == 2500)
    #expect(summary.updated == 0 && summary.skipped == 0)
    #expect(summary.book.title == "Imported")
    #expect(summary.book.wordCount == 2500)
    #expect(log.values.withLock { $0 } == [1024, 2048, 2500])
    #expect(try await service.fetchBooks() == [summary.book])
    let words = try await service.fetchWords(in: summary.book.id)
    #expect(words.map(\.term) == drafts.map(\.term))
  }

  @Test(arguments: ServiceKind.allCases)
  func importSkipsDuplicates(kind: ServiceKind) async throws {
    let (service, _) = try await prepared(kind)
    let summary = try await service.importWords(
      Self.incoming, intoBookTitled: "Book", onDuplicate: .skip, progress: { _ in })
    #expect([summary.imported, summary.updated, summary.skipped] == [1, 0, 3])
    #expect(summary.book.wordCount == 4)
    let words = try await service.fetchWords(in: summary.book.id)
    #expect(words.map(\.meaning) == ["love", "water", "water, again", "book"])
  }

  @Test(arguments: ServiceKind.allCases)
  func importUpdatesTheFirstWordWithTheTerm(kind: ServiceKind) async throws {
    let (service, _) = try await prepared(kind)
    let summary = try await service.importWords(
      Self.incoming, intoBookTitled: "Book", onDuplicate: .update, progress: { _ in })
    #expect([summary.imported, summary.updated, summary.skipped] == [1, 3, 0])
    let words = try await service.fetchWords(in: summary.book.id)
    #expect(words.map(\.meaning) == ["affection", "H2O", "water, again", "book, twice"])
    #expect(words.map(\.imageReference) == [nil, "h2o.png", nil, nil])
    #expect(words.map(\.studyState) == [.notStudied, .success, .notStudied, .fail])
  }

  @Test(arguments: ServiceKind.allCases)
  func importKeepsDuplicatesAsNewWords(kind: ServiceKind) async throws {
    let (service, _) = try await prepared(kind)
    let summary = try await service.importWords(
      Self.incoming, intoBookTitled: "Book", onDuplicate: .keep, progress: { _ in })
    #expect([summary.imported, summary.updated, summary.skipped] == [4, 0, 0])
    #expect(summary.book.wordCount == 7)
    let words = try await service.fetchWords(in: summary.book.id)
    #expect(words.map(\.term) == (Self.existing + Self.incoming).map(\.term))
  }

  @Test(arguments: ServiceKind.allCases)
  func importRejectsBlankTitle(kind: ServiceKind) async throws {
    let (service, _) = try kind.make()
    let error = await #expect(throws: WordServiceError.self) {
      try await service.importWords(
        [WordDraft(term: "t", meaning: "m")], intoBookTitled: "  ", onDuplicate: .skip,
        progress: { _ in })
    }
    #expect(error?.kind == .invalidInput)
    #expect(try await service.fetchBooks() == [])
  }

  @Test(arguments: ServiceKind.allCases)
  func importInCancelledTaskChangesNothing(kind: ServiceKind) async throws {
    let (service, _) = try await prepared(kind)
    let before = try await service.fetchBooks()
    let result = await Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await service.importWords(
        Self.incoming, intoBookTitled: "New", onDuplicate: .keep, progress: { _ in })
    }.result
    #expect(throws: WordServiceError.cancelled) { try result.get() }
    #expect(try await service.fetchBooks() == before)
  }

  @Test(arguments: ServiceKind.allCases)
  func importMatchesAwkwardTermsExactly(kind: ServiceKind) async throws {
    let (service, _) = try kind.make()
    let drafts = AwkwardText.drafts
    let first = try await service.importWords(
      drafts, intoBookTitled: "it's; DROP", onDuplicate: .skip, progress: { _ in })
    let second = try await service.importWords(
      drafts, intoBookTitled: "it's; DROP", onDuplicate: .skip, progress: { _ in })
    #expect(first.imported == drafts.count)
    #expect([second.imported, second.skipped] == [0, drafts.count])
    #expect(second.book == first.book)
    let words = try await service.fetchWords(in: first.book.id)
    #expect(words.map(\.term) == drafts.map(\.term))
    #expect(words.map(\.meaning) == drafts.map(\.meaning))
  }

  @Test(arguments: ServiceKind.allCases)
  func importComparesTermsAndTitlesAsSwiftStrings(kind: ServiceKind) async throws {
    let (service, _) = try kind.make()
    // The same text, precomposed and decomposed: equal as Swift strings, not byte for byte.
    let composed = "caf\u{E9}"
    let decomposed = "cafe\u{301}"
    let book = try await service.createBook(title: composed)
    _ = try await service.saveWord(WordDraft(term: decomposed, meaning: "1"), to: book.id)
    let summary = try await service.importWords(
      [WordDraft(term: composed, meaning: "2"), WordDraft(term: decomposed, meaning: "3")],
      intoBookTitled: decomposed, onDuplicate: .update, progress: { _ in })
    #expect(summary.book.id == book.id)
    #expect(summary.book.title.unicodeScalars.elementsEqual(composed.unicodeScalars))
    #expect([summary.imported, summary.updated] == [0, 2])
    #expect(try await service.fetchWords(in: book.id).map(\.meaning) == ["3"])
  }

  @Test(arguments: ServiceKind.allCases)
  func importFindsTheFirstOfCanonicallyEquivalentTerms(kind: ServiceKind) async throws {
    let (service, _) = try kind.make()
    // Each pair is one term in two spellings, equal as Swift strings: decomposed and
    // precomposed "é", Hangul jamo and syllable, the Kelvin sign and "K", the Ohm sign and
    // "Ω". The first spelling is stored first, so it is the word a match must find, whichever
    // spelling the draft uses and whichever one is stored in canonical form.
    let pairs = [
      ("e\u{301}", "\u{E9}"), ("\u{E9}", "e\u{301}"),
      ("\u{1112}\u{1161}\u{11AB}", "\u{D55C}"), ("\u{D55C}", "\u{1112}\u{1161}\u{11AB}"),
      ("\u{212A}", "K"), ("K", "\u{212A}"), ("\u{2126}", "\u{3A9}"),
    ]
    let book = try await service.createBook(title: "Book")
    for (index, (first, second)) in pairs.enumerated() {
      let prefix = String(repeating: "x", count: index)
      for (meaning, term) in [("first", first), ("second", second)] {
        _ = try await service.saveWord(
          WordDraft(term: prefix + term, meaning: meaning), to: book.id)
      }
    }
    let drafts = pairs.enumerated().flatMap { index, pair in
      let prefix = String(repeating: "x", count: index)
      return [pair.0, pair.1].map { WordDraft(term: prefix + $0, meaning: "new") }
    }
    let summary = try await service.importWords(
      drafts, intoBookTitled: "Book", onDuplicate: .update, progress: { _ in })
    #expect([summary.imported, summary.updated] == [0, drafts.count])
    let meanings = try await service.fetchWords(in: book.id).map(\.meaning)
    #expect(meanings == Array(repeating: ["new", "second"], count: pairs.count).flatMap { $0 })
  }

  @Test(arguments: ServiceKind.allCases)
  func importMatchesEquivalentTermsWithinOneImport(kind: ServiceKind) async throws {
    let (service, _) = try kind.make()
    let drafts = ["e\u{301}", "\u{E9}", "\u{212A}", "K", "\u{D55C}", "\u{1112}\u{1161}\u{11AB}"]
      .map { WordDraft(term: $0, meaning: $0) }
    let summary = try await service.importWords(
      drafts, intoBookTitled: "Book", onDuplicate: .skip, progress: { _ in })
    #expect([summary.imported, summary.skipped] == [3, 3])
    let terms = try await service.fetchWords(in: summary.book.id).map(\.term)
    #expect(
      terms.map { Array($0.unicodeScalars) }
        == [0, 2, 4].map { Array(drafts[$0].term.unicodeScalars) })
  }
}
