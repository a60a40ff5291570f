import Wordbook

/// What every `WordService` must do, as checks an app runs against its own service.
///
/// The SQLite, PostgreSQL and in-memory services pass these same checks. Run them against
/// yours with Swift Testing, one test case a requirement, so that a failure names the
/// requirement it broke. Here `ArchivingWordService` is the app's own service, given new and
/// empty to each check:
///
/// ```swift
/// import Testing
/// import WordbookTesting
///
/// @Test(arguments: WordServiceContract.requirements)
/// func theArchivingServiceKeepsTheContract(_ requirement: WordServiceContract.Requirement)
///   async throws
/// {
///   try await requirement.check(ArchivingWordService(store: InMemoryWordService()))
/// }
/// ```
///
/// Each check starts from the new, empty service it is given and records its failures as
/// Swift Testing issues.
public enum WordServiceContract {
  /// Every requirement, grouped by ``Area`` in the order they are listed there.
  public static let requirements: [Requirement] =
    Books.requirements + Editing.requirements + Import.requirements
    + ChangeFeed.requirements + Reviews.requirements + ReviewLogs.requirements
    + MergedReviews.requirements + Round.requirements + TermReviews.requirements

  /// A part of the contract: the methods its requirements exercise.
  public enum Area: String, Sendable, CaseIterable {
    /// Books and words: creating, saving, paging, tallies, study states and deleting words.
    case books
    /// Renaming and deleting books, editing words, search and the last studied book.
    case editing
    /// `WordService.importWords(intoBookTitled:onDuplicate:progress:rows:)`.
    case imports
    /// `WordService.changes()`: every change reported, in order.
    case changeFeed
    /// Recording and undoing reviews, the schedule, the settings and importing reviews.
    case reviews
    /// `WordService.fetchReviewLogs(in:after:limit:)` and the statistics.
    case reviewLogs
    /// Reviews that arrive out of time order, as from a phone that was offline.
    case mergedReviews
    /// What a study round asks: ratings sent twice, undo, round counts and study modes.
    case round
    /// `WordService.importReviews(into:byTerm:)`.
    case termReviews
  }

  /// One requirement of the contract and the check that proves it.
  public struct Requirement: Sendable, CustomStringConvertible {
    /// The part of the contract it belongs to.
    public let area: Area
    /// What it requires, as a phrase in lower camel case, such as
    /// `deleteBookDeletesItsWordsAndOnlyThem`.
    public let name: String
    private let body: @Sendable (any WordService) async throws -> Void

    init(
      _ area: Area, _ name: String,
      _ body: @escaping @Sendable (any WordService) async throws -> Void
    ) {
      self.area = area
      self.name = name
      self.body = body
    }

    /// The area and the name, such as `editing.deleteBookDeletesItsWordsAndOnlyThem`.
    public var description: String { "\(area.rawValue).\(name)" }

    /// Checks the requirement against `service`, recording each broken expectation as an issue
    /// of the running test.
    ///
    /// - Parameter service: A new, empty service; the check fills it as it needs.
    /// - Throws: An error the service threw where the contract expects none.
    public func check(_ service: any WordService) async throws {
      try await body(service)
    }
  }
}
