import StoreCore
import Testing
import Wordbook

/// `importWords`: book creation, duplicate policies, progress, validation and cancellation.
extension WordServiceContract {
  enum Import {
    /// Collects the progress reports of an import.
    final class ProgressLog: Sendable {
      let values = Locked<[Int]>([])
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
    private static func prepare(_ service: any WordService) async throws {
      let book = try await service.createBook(title: "Book")
      for draft in Self.existing { _ = try await service.saveWord(draft, to: book.id) }
    }

    static func importCreatesMissingBookAndReportsProgress(_ service: any WordService) async throws
    {
      let drafts = (0..<2500).map { WordDraft(term: "t\($0)", meaning: "m\($0)") }
      let log = ProgressLog()
      let summary = try await service.importWords(
        drafts, intoBookTitled: " Imported ", onDuplicate: .skip, progress: log.record)
      #expect(summary == ImportSummary(book: summary.book, added: 2500))
      #expect(summary.book.title == "Imported")
      #expect(summary.book.wordCount == 2500)
      #expect(log.values.withLock { $0 } == [1024, 2048, 2500])
      #expect(try await service.fetchBooks() == [summary.book])
      let words = try await service.fetchWords(in: summary.book.id)
      #expect(words.map(\.term) == drafts.map(\.term))
    }

    static func importReadsBatchesAndCountsAcrossThem(_ service: any WordService) async throws {
      let log = ProgressLog()
      let summary = try await service.importWords(
        intoBookTitled: "Book", onDuplicate: .skip, progress: log.record
      ) { write throws(WordServiceError) in
        for batch in 0..<3 {
          // Each batch repeats a card and a term of the one before, so only a lookup that sees
          // the earlier batches finds them.
          try write(
            (0..<700).map { WordDraft(term: "t\(batch * 700 + $0)", meaning: "m") } + [
              WordDraft(term: "t\(batch * 700)", meaning: "m"),
              WordDraft(term: "t\(batch * 700)", meaning: "another"),
            ])
        }
      }
      #expect([summary.added, summary.duplicates, summary.homonyms] == [2100, 3, 3])
      #expect(summary.book.wordCount == 2103)
      #expect(log.values.withLock { $0 } == [1024, 2048, 2106])
    }

    static func importSkipsDuplicatesAndAddsHomonyms(_ service: any WordService) async throws {
      try await prepare(service)
      let summary = try await service.importWords(
        Self.incoming + Self.existing, intoBookTitled: "Book", onDuplicate: .skip,
        progress: { _ in })
      #expect(summary == ImportSummary(book: summary.book, added: 1, homonyms: 3, duplicates: 3))
      #expect(summary.book.wordCount == 7)
      let words = try await service.fetchWords(in: summary.book.id)
      #expect(
        words.map(\.meaning) == [
          "love", "water", "water, again", "H2O", "book", "book, twice", "affection",
        ])
    }

    static func importTwiceAddsNothingTheSecondTime(_ service: any WordService) async throws {
      let first = try await service.importWords(
        Self.incoming, intoBookTitled: "Book", onDuplicate: .skip, progress: { _ in })
      let second = try await service.importWords(
        Self.incoming, intoBookTitled: "Book", onDuplicate: .skip, progress: { _ in })
      #expect([first.added, first.homonyms, first.duplicates] == [3, 1, 0])
      #expect(second == ImportSummary(book: first.book, duplicates: 4))
    }

    static func importUpdateSetsMarksAndNeverClearsThem(_ service: any WordService) async throws {
      try await prepare(service)
      let book = try #require(try await service.fetchBooks().first)
      let before = try await service.fetchWords(in: book.id)
      try await service.updateStudyStates([StudyStateChange(wordID: before[1].id, state: .success)])
      let rows = [
        WordDraft(term: "물", meaning: "water"),  // says not studied: the mark stays
        WordDraft(term: "사랑", meaning: "love", studyState: .fail),
        WordDraft(term: "사랑", meaning: "love", studyState: .fail),  // nothing left to change
        WordDraft(term: "물", meaning: "water, again", imageReference: "w.png"),
        WordDraft(term: "물", meaning: "H2O"),
      ]
      let summary = try await service.importWords(
        rows, intoBookTitled: "Book", onDuplicate: .update, progress: { _ in })
      #expect(summary == ImportSummary(book: summary.book, homonyms: 1, updated: 2, unchanged: 2))
      let words = try await service.fetchWords(in: book.id)
      #expect(words.map(\.meaning) == ["love", "water", "water, again", "H2O"])
      #expect(words.map(\.studyState) == [.fail, .success, .notStudied, .notStudied])
      #expect(words.map(\.imageReference) == [nil, nil, "w.png", nil])
    }

    static func importKeepsDuplicatesAsNewWords(_ service: any WordService) async throws {
      try await prepare(service)
      let summary = try await service.importWords(
        Self.existing + Self.incoming, intoBookTitled: "Book", onDuplicate: .keep,
        progress: { _ in })
      #expect(summary == ImportSummary(book: summary.book, added: 1, homonyms: 3, duplicates: 3))
      #expect(summary.book.wordCount == 10)
      let words = try await service.fetchWords(in: summary.book.id)
      #expect(words.map(\.term) == (Self.existing + Self.existing + Self.incoming).map(\.term))
    }

    static func importRowsThatThrowRollBack(_ service: any WordService) async throws {
      let failure = WordServiceError(.invalidInput, "the file holds no card")
      await #expect(throws: failure) {
        try await service.importWords(
          intoBookTitled: "New", onDuplicate: .skip, progress: { _ in },
          rows: { write throws(WordServiceError) in
            try write([WordDraft(term: "t", meaning: "m")])
            throw failure
          })
      }
      #expect(try await service.fetchBooks() == [])
    }

    static func importRejectsBlankTitle(_ service: any WordService) async throws {
      let error = await #expect(throws: WordServiceError.self) {
        try await service.importWords(
          [WordDraft(term: "t", meaning: "m")], intoBookTitled: "  ", onDuplicate: .skip,
          progress: { _ in })
      }
      #expect(error?.kind == .invalidInput)
      #expect(try await service.fetchBooks() == [])
    }

    static func importInCancelledTaskChangesNothing(_ service: any WordService) async throws {
      try await prepare(service)
      let before = try await service.fetchBooks()
      let result = await Task {
        withUnsafeCurrentTask { $0?.cancel() }
        return try await service.importWords(
          Self.incoming, intoBookTitled: "New", onDuplicate: .keep, progress: { _ in })
      }.result
      #expect(throws: WordServiceError.cancelled) { try result.get() }
      #expect(try await service.fetchBooks() == before)
    }

    static func importMatchesAwkwardTermsExactly(_ service: any WordService) async throws {
      let drafts = AwkwardText.drafts
      let first = try await service.importWords(
        drafts, intoBookTitled: "it's; DROP", onDuplicate: .skip, progress: { _ in })
      let second = try await service.importWords(
        drafts, intoBookTitled: "it's; DROP", onDuplicate: .skip, progress: { _ in })
      #expect(first.added == drafts.count)
      #expect([second.added, second.duplicates] == [0, drafts.count])
      #expect(second.book == first.book)
      let words = try await service.fetchWords(in: first.book.id)
      #expect(words.map(\.term) == drafts.map(\.term))
      #expect(words.map(\.meaning) == drafts.map(\.meaning))
    }

    static func importComparesTermsAndTitlesAsSwiftStrings(_ service: any WordService) async throws
    {
      // The same text, precomposed and decomposed: equal as Swift strings, not byte for byte.
      let composed = "caf\u{E9}"
      let decomposed = "cafe\u{301}"
      let book = try await service.createBook(title: composed)
      _ = try await service.saveWord(WordDraft(term: decomposed, meaning: "1"), to: book.id)
      _ = try await service.saveWord(WordDraft(term: composed, meaning: composed), to: book.id)
      let summary = try await service.importWords(
        [
          WordDraft(term: composed, meaning: "1", studyState: .success),
          WordDraft(term: composed, meaning: decomposed, studyState: .fail),
        ],
        intoBookTitled: decomposed, onDuplicate: .update, progress: { _ in })
      #expect(summary.book.id == book.id)
      #expect(summary.book.title.unicodeScalars.elementsEqual(composed.unicodeScalars))
      #expect(summary == ImportSummary(book: summary.book, updated: 2))
      #expect(try await service.fetchWords(in: book.id).map(\.studyState) == [.success, .fail])
    }

    static func importFindsCardsWhoseTermIsSpelledEquivalently(_ service: any WordService)
      async throws
    {
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
      // Each draft spells its term the other way from the card it must find.
      let drafts = pairs.enumerated().flatMap { index, pair in
        let prefix = String(repeating: "x", count: index)
        return [
          WordDraft(term: prefix + pair.1, meaning: "first", studyState: .success),
          WordDraft(term: prefix + pair.0, meaning: "second", studyState: .fail),
        ]
      }
      let summary = try await service.importWords(
        drafts, intoBookTitled: "Book", onDuplicate: .update, progress: { _ in })
      #expect(summary == ImportSummary(book: summary.book, updated: drafts.count))
      let states = try await service.fetchWords(in: book.id).map(\.studyState)
      #expect(states == Array(repeating: [.success, .fail], count: pairs.count).flatMap { $0 })
    }

    static func importMatchesEquivalentTermsWithinOneImport(_ service: any WordService) async throws
    {
      let drafts = ["e\u{301}", "\u{E9}", "\u{212A}", "K", "\u{D55C}", "\u{1112}\u{1161}\u{11AB}"]
        .map { WordDraft(term: $0, meaning: $0) }
      let summary = try await service.importWords(
        drafts, intoBookTitled: "Book", onDuplicate: .skip, progress: { _ in })
      #expect([summary.added, summary.duplicates] == [3, 3])
      let terms = try await service.fetchWords(in: summary.book.id).map(\.term)
      #expect(
        terms.map { Array($0.unicodeScalars) }
          == [0, 2, 4].map { Array(drafts[$0].term.unicodeScalars) })
    }

    /// The requirements of this part, in the order they are checked.
    static let requirements: [Requirement] = [
      Requirement(
        .imports, "importCreatesMissingBookAndReportsProgress",
        importCreatesMissingBookAndReportsProgress),
      Requirement(
        .imports, "importReadsBatchesAndCountsAcrossThem", importReadsBatchesAndCountsAcrossThem),
      Requirement(
        .imports, "importSkipsDuplicatesAndAddsHomonyms", importSkipsDuplicatesAndAddsHomonyms),
      Requirement(
        .imports, "importTwiceAddsNothingTheSecondTime", importTwiceAddsNothingTheSecondTime),
      Requirement(
        .imports, "importUpdateSetsMarksAndNeverClearsThem", importUpdateSetsMarksAndNeverClearsThem
      ),
      Requirement(.imports, "importKeepsDuplicatesAsNewWords", importKeepsDuplicatesAsNewWords),
      Requirement(.imports, "importRowsThatThrowRollBack", importRowsThatThrowRollBack),
      Requirement(.imports, "importRejectsBlankTitle", importRejectsBlankTitle),
      Requirement(
        .imports, "importInCancelledTaskChangesNothing", importInCancelledTaskChangesNothing),
      Requirement(.imports, "importMatchesAwkwardTermsExactly", importMatchesAwkwardTermsExactly),
      Requirement(
        .imports, "importComparesTermsAndTitlesAsSwiftStrings",
        importComparesTermsAndTitlesAsSwiftStrings),
      Requirement(
        .imports, "importFindsCardsWhoseTermIsSpelledEquivalently",
        importFindsCardsWhoseTermIsSpelledEquivalently),
      Requirement(
        .imports, "importMatchesEquivalentTermsWithinOneImport",
        importMatchesEquivalentTermsWithinOneImport),
    ]
  }
}
