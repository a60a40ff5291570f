import Wordbook

/// A rating the page gave while the server could not be reached, as it sends it from its
/// outbox: `{"id": "…", "word": 12, "rating": 3, "time": 1700000000}`.
///
/// The ID is ``Wordbook/ReviewID``'s text (32 hexadecimal digits: a random origin for each page,
/// then the page's count), the rating 1 (again) to 4 (easy), and the time the learner rated, in
/// seconds since 1970 by the page's clock.
struct OfflineRating: Decodable, Hashable, Sendable {
  /// The rating's identity, made by the page.
  var id: ReviewID
  /// The word rated.
  var word: Int64
  /// How well the learner recalled it.
  var rating: Rating
  /// When the learner rated it, by the page's clock.
  var time: Timestamp

  /// The review the service records.
  var review: Review {
    Review(rating: rating, time: time, id: id)
  }
}
