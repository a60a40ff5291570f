import Foundation
import Testing
import Wordbook

/// The pages of one book big enough to share its words in the server: each shows every
/// change made in any of them, and a page opened after the changes shows them too.
@Suite(.enabled(if: WebTestEnvironment.hasLibrary, WebTestEnvironment.libraryReason))
@MainActor
struct SharedBookPagesTests {
  @Test func everyPageOfASharedBookShowsTheEditsAndDeletionsOfAny() async throws {
    try await TestLibrary.with(terms: (1...1_200).map { "term \($0)" }) { library in
      let first = try await Page(library, patience: .seconds(60))
      defer { first.close() }
      let second = try await Page(library, patience: .seconds(60))
      defer { second.close() }
      try await first.open(library.book.id)
      try await second.open(library.book.id)
      let deleted = library.words[3].id
      let edited = library.words[5].id
      let unchanged = library.words[6].id
      #expect(try await first.send(#"{"kind":"deleteWord","id":\#(deleted)}"#) == 202)
      #expect(
        try await second.send(
          #"{"kind":"editWord","id":\#(edited),"term":"고친 단어","meaning":"edited"}"#) == 202)

      func showsBoth(_ page: Page) async throws -> Bool {
        try await WebTestEnvironment.waitUntil(timeout: .seconds(60)) {
          let terms = try await page.terms(ofFirst: 10)
          return try await page.cardCount() == 1_199 && terms[deleted.rawValue] == nil
            && terms[edited.rawValue] == "고친 단어"
            && terms[unchanged.rawValue] == "term 7"
        }
      }
      #expect(try await showsBoth(first))
      #expect(try await showsBoth(second))
      let third = try await Page(library, patience: .seconds(60))
      defer { third.close() }
      try await third.open(library.book.id)
      #expect(try await showsBoth(third))
      let stored = try await library.service.fetchWords(in: library.book.id)
      #expect(stored.count == 1_199)
      #expect(stored.first { $0.id == edited }?.term == "고친 단어")
    }
  }
}
