import StoreCore
import Wordbook
import WordbookInterchange

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a review history (CSV or TSV with the columns `term`, `rating` and `reviewed_at`, in
/// any order, and `meaning` for homonyms) inside the import's transaction, a chunk at a time,
/// and hands each chunk's reviews to the service as one batch, which finds their words by term;
/// the first bad line stops the reading and rolls the import back, and is kept for the command
/// to report.
final class ReviewHistoryReading: Sendable {
  /// The first line refused, with why.
  let refusal = Locked<(line: Int, problem: ReviewLineProblem)?>(nil)
  /// Why the file could not be read at all.
  let failure = Locked<FlashcardReadError?>(nil)

  /// The columns of the header row.
  private struct Columns {
    var term: Int
    var rating: Int
    var time: Int
    /// The optional `meaning` column, which tells homonyms apart.
    var meaning: Int?
    /// How many fields the header row has, and so every row.
    var width: Int

    /// The columns named by `fields`, or why they cannot be read: the first column missing,
    /// or one named twice (which of the two would be meant is anyone's guess).
    static func named(_ fields: [String]) -> Result<Columns, ReviewLineProblem> {
      let names = fields.map {
        String($0).trimmingWhitespace().lowercased().replacing(" ", with: "_")
          .replacing("-", with: "_")
      }
      var indices: [String: Int] = [:]
      for wanted in ["term", "rating", "reviewed_at", "meaning"] {
        let found = names.indices.filter { names[$0] == wanted }
        guard found.count < 2 else { return .failure(.duplicateColumn(wanted)) }
        indices[wanted] = found.first
      }
      for wanted in ["term", "rating", "reviewed_at"] where indices[wanted] == nil {
        return .failure(.missingColumn(wanted))
      }
      return .success(
        Columns(
          term: indices["term"] ?? 0, rating: indices["rating"] ?? 0,
          time: indices["reviewed_at"] ?? 0, meaning: indices["meaning"], width: fields.count))
    }
  }

  /// Reads the file at `descriptor` and writes its reviews batch by batch.
  ///
  /// - Throws: What `write` throws, or ``WordServiceError/Kind/invalidInput`` once a line is
  ///   refused or the file cannot be read, which rolls the import back.
  func read(
    _ descriptor: Int32, into write: ([TermReview]) throws(WordServiceError) -> Void
  ) throws(WordServiceError) {
    var serviceFailure: WordServiceError?
    var columns: Columns?
    var refused: (line: Int, problem: ReviewLineProblem)?
    let options = FlashcardReadOptions(
      header: .absent, termColumn: 1, meaningColumn: 2, keepsFields: true,
      stopsAtFirstProblem: true)
    let read = Result { () throws(FlashcardReadError) -> ParseResult in
      try FlashcardReader.read(
        fileDescriptor: descriptor, format: Self.format(of: descriptor), options: options
      ) { rows throws(FlashcardReadError) in
        var batch: [TermReview] = []
        var problem: (line: Int, problem: ReviewLineProblem)?
        for row in rows {
          guard let known = columns else {
            switch Columns.named(row.fields) {
            case .success(let found): columns = found
            case .failure(let problem):
              refused = (row.line, problem)
              throw .stopped
            }
            continue
          }
          switch review(in: row, columns: known) {
          case .success(let review): batch.append(review)
          case .failure(let found): problem = (row.line, found)
          }
          if problem != nil { break }
        }
        // The lines before a bad one go to the service first: a term among them that names no
        // word is the first line refused.
        do throws(WordServiceError) {
          try write(batch)
        } catch {
          serviceFailure = error
          throw .stopped
        }
        if let problem {
          refused = problem
          throw .stopped
        }
      }
    }
    if let serviceFailure { throw serviceFailure }
    switch read {
    case .success(let parsed):
      if let problem = parsed.problems.first {
        refused = (problem.line, Self.refusal(of: problem.reason, width: columns?.width ?? 3))
      } else if columns == nil {
        refused = (1, .missingColumn("term"))
      }
    case .failure(let error):
      if refused == nil { failure.withLock { $0 = error } }
    }
    if let refused { refusal.withLock { $0 = refused } }
    if refused != nil || failure.withLock({ $0 }) != nil {
      throw WordServiceError(.invalidInput, "the review history was refused")
    }
  }

  /// The review of a row, or why the row is refused.
  private func review(in row: FlashcardRow, columns: Columns)
    -> Result<TermReview, ReviewLineProblem>
  {
    let fields = row.fields
    guard fields.count == columns.width else {
      return .failure(.fieldCount(found: fields.count, expected: columns.width))
    }
    guard let rating = Rating(commandLine: fields[columns.rating]) else {
      return .failure(.invalidRating(fields[columns.rating]))
    }
    guard let time = Timestamp(iso8601: fields[columns.time]) else {
      return .failure(.invalidTime(fields[columns.time]))
    }
    guard Review.timeBounds.contains(time) else {
      return .failure(.timeOutOfBounds(fields[columns.time]))
    }
    return .success(
      TermReview(
        line: row.line, term: fields[columns.term], meaning: columns.meaning.map { fields[$0] },
        review: Review(rating: rating, time: time)))
  }

  /// The refusal of a line the table reader rejected, whose columns it read as a card's.
  private static func refusal(of reason: LineProblem.Reason, width: Int) -> ReviewLineProblem {
    switch reason {
    case .missingSeparator: .fieldCount(found: 1, expected: width)
    case .tooFewFields(let found, _), .tooManyFields(let found, _):
      .fieldCount(found: found, expected: width)
    case .emptyTerm: .emptyField
    default: .unreadable(reason)
    }
  }

  /// TSV when the start of the file reads as TSV, else CSV; read without moving the file's
  /// offset.
  private static func format(of descriptor: Int32) -> FlashcardFormat {
    var start = [UInt8](repeating: 0, count: 65_536)
    let count = start.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
    guard count > 0 else { return .csv }
    return FlashcardReader.detectFormat(start.prefix(count)) == .tsv ? .tsv : .csv
  }
}
