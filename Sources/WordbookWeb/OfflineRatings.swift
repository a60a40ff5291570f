import Wordbook

/// The ratings a page kept while the server could not be reached, as it posts them to
/// `POST /ratings` (`{"ratings": [OfflineRating, …]}`), and how the server records them: each
/// with its own time, in the order sent, through the learner's own service, which replays a
/// word's log in time order whatever order its reviews arrive in.
///
/// A batch is taken whole or not at all when it is malformed or longer than ``limit``. Each
/// rating is then answered on its own (``Outcome``): stored (a rating sent again with the same
/// rating and time is stored once, and answered as stored), refused for good (a word the
/// learner does not have, a time too far ahead of the server's clock or too far back, an ID
/// taken by another rating), or not stored for now (the service could not be reached): the page
/// drops the first two and keeps the last to send again.
struct OfflineRatings: Decodable, Sendable {
  /// The ratings, in the order the learner gave them.
  var ratings: [OfflineRating]

  /// The most ratings one request may carry: the page sends a longer outbox in batches.
  static let limit = 200

  /// How far ahead of the server's clock a rating's time may be: a page's clock a little
  /// fast, not a rating dated tomorrow.
  static let furthestAhead = Duration.seconds(5 * 60)

  /// How far back a rating's time may be, in days. The services keep no word's creation time,
  /// so a rating cannot be checked against it; this bound keeps a forged or forgotten outbox
  /// from rewriting more than the last weeks of a word's history.
  static let furthestBackDays = 30

  /// What became of one rating: its ID, an HTTP status (200 stored; 404, 409 or 422 refused
  /// for good; 5xx not stored for now) and, unless stored, why, in the page's language.
  struct Outcome: Encodable, Hashable, Sendable {
    /// The rating's ID, as the page sent it.
    var id: String
    /// 200 when stored; under 500 when refused for good; 500 and over when the page should
    /// send it again later.
    var status: UInt32
    /// Why it was not stored.
    var message: String?
  }

  /// The answer to a batch: one outcome per rating, in the order sent.
  struct Answer: Encodable, Sendable {
    /// Each rating's outcome.
    var results: [Outcome]
  }

  /// Why the server refuses `rating` before asking the service, at the server's time `now`, or
  /// `nil` when its time is within bounds.
  static func refusal(of rating: OfflineRating, at now: Timestamp) -> ServerRefusal? {
    let ahead = furthestAhead.components.seconds
    if rating.time > now.advanced(by: ahead) {
      return .ratingAhead(minutes: Int(ahead / 60))
    }
    if rating.time < now.advanced(by: -Int64(furthestBackDays) * 86_400) {
      return .ratingTooOld(days: furthestBackDays)
    }
    return nil
  }

  /// Records each rating through `service` in the order sent, at the server's time `now`, and
  /// says what became of each, worded in `language`. Once the service cannot be reached, the
  /// rest are not tried: each is answered as not stored for now.
  func record(
    through service: any WordService, at now: Timestamp, language: Language
  ) async -> [Outcome] {
    var outcomes: [Outcome] = []
    var unreachable: WordServiceError?
    for rating in ratings {
      let id = rating.id.description
      if let unreachable {
        outcomes.append(Self.outcome(of: unreachable, id: id, language: language))
        continue
      }
      if let refusal = Self.refusal(of: rating, at: now) {
        outcomes.append(
          Outcome(
            id: id, status: refusal.status, message: language.pageCatalogue.sentence(refusal)))
        continue
      }
      do {
        _ = try await service.recordReview(rating.review, of: Word.ID(rating.word))
        outcomes.append(Outcome(id: id, status: 200))
      } catch {
        if error.isRetryable { unreachable = error }
        outcomes.append(Self.outcome(of: error, id: id, language: language))
      }
    }
    return outcomes
  }

  /// The outcome of a rating the service refused with `error`.
  private static func outcome(
    of error: WordServiceError, id: String, language: Language
  ) -> Outcome {
    let status: UInt32 =
      switch (error.kind, error.reason) {
      case (.notFound, _): 404
      case (_, .reviewIDTaken): 409
      case (_, .reviewTimeOutOfBounds): 422
      case (.invalidInput, _): 422
      default: error.isRetryable ? 503 : 500
      }
    return Outcome(id: id, status: status, message: error.message(in: language, for: .visitor))
  }
}
