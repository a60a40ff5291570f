import Testing
import Wordbook

@testable import WordbookTerminal

@Suite struct BookReferenceTests {
  private let books = [
    WordBook(id: WordBook.ID(1), title: "Korean basics"),
    WordBook(id: WordBook.ID(2), title: "3"),
    WordBook(id: WordBook.ID(3), title: "Verbs"),
    WordBook(id: WordBook.ID(4), title: "Caf\u{E9}"),
    WordBook(id: WordBook.ID(5), title: "단어장"),
  ]

  @Test func aNumberIsAlwaysAnID() {
    #expect(BookReference("3").resolve(in: books)?.id == WordBook.ID(3))
    #expect(BookReference("#3").resolve(in: books)?.id == WordBook.ID(3))
    #expect(BookReference("5").resolve(in: books)?.id == WordBook.ID(5))
    #expect(BookReference("99").resolve(in: books) == nil)
    #expect(BookReference("1").resolve(in: []) == nil)
  }

  @Test func aTitleIsComparedTrimmedIgnoringCaseAndNormalized() {
    #expect(BookReference("Korean basics").resolve(in: books)?.id == WordBook.ID(1))
    #expect(BookReference(" KOREAN BASICS ").resolve(in: books)?.id == WordBook.ID(1))
    #expect(BookReference("CAFE\u{301}").resolve(in: books)?.id == WordBook.ID(4))
    #expect(BookReference("단어장").resolve(in: books)?.id == WordBook.ID(5))
    #expect(BookReference("Nouns").resolve(in: books) == nil)
    #expect(BookReference("").resolve(in: books) == nil)
  }

  @Test func theTitlePrefixReachesATitleThatLooksLikeAnID() {
    #expect(BookReference("title:3").resolve(in: books)?.id == WordBook.ID(2))
    #expect(BookReference("title:verbs").resolve(in: books)?.id == WordBook.ID(3))
    #expect(BookReference("title:3").title == "3")
    #expect(BookReference("3").title == nil)
    #expect(BookReference("#x").title == "#x")
    #expect(BookReference("3.5").id == nil)
  }
}
