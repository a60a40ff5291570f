import ArchivingService
import Testing
import Wordbook
import WordbookTesting

/// The public contract suite against this package's own service.
@Suite struct ContractTests {
  @Test(arguments: WordServiceContract.requirements)
  func theArchivingServiceKeepsTheContract(_ requirement: WordServiceContract.Requirement)
    async throws
  {
    try await requirement.check(ArchivingWordService(store: InMemoryWordService()))
  }

  /// A service that hides a deleted book and forgets its words fails the requirements that
  /// delete a book, by name, and passes every other.
  @Test(arguments: WordServiceContract.requirements)
  func aServiceThatForgetsToDeleteABooksWordsFailsByName(
    _ requirement: WordServiceContract.Requirement
  ) async throws {
    let forgetful = ArchivingWordService(store: InMemoryWordService(), deletesWords: false)
    if Self.broken.contains(requirement.description) {
      await withKnownIssue("the book's words outlive it") {
        try await requirement.check(forgetful)
      }
    } else {
      try await requirement.check(forgetful)
    }
  }

  /// The requirements a book's deletion that forgets its words breaks.
  static let broken: Set<String> = [
    "editing.deleteBookDeletesItsWordsAndOnlyThem",
    "editing.lastStudiedBookIsKeptUntilTheBookIsDeleted",
  ]

  @Test func aDeletedBookIsArchivedWithItsWords() async throws {
    let service = ArchivingWordService(store: InMemoryWordService())
    let book = try await service.createBook(title: "Verbs")
    let word = try await service.saveWord(WordDraft(term: "가다", meaning: "to go"), to: book.id)
    try await service.deleteBook(book.id)
    let archive = await service.archive
    #expect(archive.map(\.title) == ["Verbs"])
    #expect(archive.map(\.words) == [[word]])
  }
}
