import Wordbook

/// `wordbook review BOOK WORD_ID again|hard|good|easy [--at TIME]`: rates a word, appends
/// the review to its log and prints when it is due next. The time is now, read here, unless
/// `--at` gives one.
struct ReviewCommand: Subcommand {
  static let name = "review"
  static let arguments = "BOOK WORD_ID again|hard|good|easy [--at TIME]"
  static let summary = "rate a word and schedule its next review"

  /// The book, by ID or title.
  var book: String
  var word: Word.ID
  var rating: Rating
  /// When the review was made; `nil` for now.
  var time: Timestamp?

  func run(in session: CommandSession) async throws(CommandFailure) {
    let book = try await session.book(book)
    let word = try await session.word(word, in: book)
    let review = Review(rating: rating, time: time ?? Timestamp.now, id: .random())
    let state = try await session.call { () async throws(WordServiceError) in
      try await session.service.recordReview(review, of: word.id)
    }
    try session.out.writeLine(session.catalogue.text(.reviewed(word, rating, state)))
  }
}

extension ReviewCommand {
  init(parsing arguments: SubcommandArguments) throws(UsageError) {
    let split = try arguments.split(required: 3, options: ["at"])
    let values = split.values
    guard let rating = Rating(commandLine: values[2]) else {
      throw UsageError(.invalidRating(values[2]), usage: arguments.usage)
    }
    let time = try arguments.time(split.options["at"], of: "at")
    if let time, !Review.timeBounds.contains(time) {
      throw UsageError(
        .reviewTimeOutOfBounds(option: "at", value: split.options["at"] ?? ""),
        usage: arguments.usage)
    }
    self.init(book: values[0], word: try arguments.wordID(values[1]), rating: rating, time: time)
  }
}
