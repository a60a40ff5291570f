import Testing
import Wordbook

@testable import WordbookTerminal

@Suite struct BookReferenceTests {
  private let books = [
    WordBook(id: WordBook.ID(1), title: "Korean basics"),
    WordBook(id: WordBook.ID(2), title: "2"),
    WordBook(id: WordBook.ID(3), title: "Verbs"),
    WordBook(id: WordBook.ID(4), title: "verbs"),
    WordBook(id: WordBook.ID(5), title: "단어장"),
  ]

  @Test func exactTitleThenIDThenTitleIgnoringCase() {
    #expect(BookReference("Korean basics").resolve(in: books)?.id == WordBook.ID(1))
    #expect(BookReference("2").resolve(in: books)?.id == WordBook.ID(2))
    #expect(BookReference("5").resolve(in: books)?.id == WordBook.ID(5))
    #expect(BookReference("#3").resolve(in: books)?.id == WordBook.ID(3))
    #expect(BookReference("KOREAN BASICS").resolve(in: books)?.id == WordBook.ID(1))
    #expect(BookReference("단어장").resolve(in: books)?.id == WordBook.ID(5))
  }

  @Test func unknownOrAmbiguousNamesResolveToNothing() {
    #expect(BookReference("VERBS").resolve(in: books) == nil)
    #expect(BookReference("99").resolve(in: books) == nil)
    #expect(BookReference("").resolve(in: books) == nil)
    #expect(BookReference("1").resolve(in: []) == nil)
  }
}
