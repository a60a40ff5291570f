import Wordbook

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `wordbook import-reviews FILE --book BOOK`: brings a review history from another app, a CSV
/// or TSV with the columns `term`, `rating` and `reviewed_at` (and `meaning` for homonyms),
/// lines in any order. Each word's reviews join its log in time order and its state is
/// replayed. A term the book lacks, a bad rating or a bad time refuses the whole file with its
/// line, and nothing is written. The service finds the words by term as the lines come, so
/// memory stays flat at any size of book or history.
struct ImportReviewsCommand: Subcommand {
  static let name = "import-reviews"
  static let arguments = "FILE --book BOOK"
  static let summary = "import a review history into a wordbook's words"

  var file: String
  /// The book, by ID or title.
  var book: String

  func run(in session: CommandSession) async throws(CommandFailure) {
    let book = try await session.book(book)
    let descriptor = open(file, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw .runtime(.cannotReadFile(file)) }
    defer { close(descriptor) }
    let reading = ReviewHistoryReading()
    let service = session.service
    let result = try await CommandInterruption.shared.runCancellable {
      try await service.importReviews(into: book.id) { write throws(WordServiceError) in
        try reading.read(descriptor, into: write)
      }
    }
    if let refused = reading.refusal.withLock({ $0 }) {
      throw .runtime(.reviewLineRefused(file: file, line: refused.line, refused.problem))
    }
    if let failure = reading.failure.withLock({ $0 }) {
      throw .runtime(.unreadableFlashcards(file: file, failure))
    }
    switch result {
    case .success(let count):
      try session.out.writeLine(
        session.catalogue.text(.importedReviews(count: count, file: file, book)))
    case .failure(let error as WordServiceError):
      if case .reviewedTermNotMatched(let line, let problem) = error.reason {
        throw .runtime(.reviewLineRefused(file: file, line: line, .unmatched(problem)))
      }
      throw .service(error)
    case .failure(let error):
      throw .runtime(.other(String(describing: error)))
    }
  }
}

extension ImportReviewsCommand {
  init(parsing arguments: SubcommandArguments) throws(UsageError) {
    let split = try arguments.split(required: 1, options: ["book"])
    guard let book = split.options["book"] else {
      throw UsageError(.missingArguments(subcommand: Self.name), usage: arguments.usage)
    }
    self.init(file: split.values[0], book: book)
  }
}
