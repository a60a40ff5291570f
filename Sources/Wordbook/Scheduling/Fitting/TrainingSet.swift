/// The items a fit learns from, as fsrs-rs prepares them: the words whose first interval is
/// unusual for their first rating set aside, the rest weighted by recency and grouped by word,
/// so that a batch replays each of its words' logs once and predicts every item on the way.
struct TrainingSet {
  /// One word's part of the fit: its reviews up to its last item kept, and how many items.
  struct Word {
    var reviews: Range<Int>
    var items: Int
  }

  let history: ReviewHistory
  /// The items of the words kept, before the longest are left out: what fsrs-rs counts to
  /// decide how much to fit.
  let itemCount: Int
  /// The words kept whose first interval a day or more long is usable for the first
  /// stabilities; one item each.
  let firstIntervalCount: Int
  /// The first intervals of those words, by first rating.
  let firstIntervals: [Int: [InitialStability.Interval]]
  /// How many of those words each first rating has.
  let firstRatingCounts: [Int: Int]
  /// The share of the items kept that were recalls.
  let averageRecall: Float
  /// The recency weight of each review that is an item learned from; 0 for every other.
  let weights: [Float]
  /// The items learned from.
  let weightedItemCount: Int
  /// The words with an item learned from, shortest log first.
  let words: [Word]

  init(_ items: ReviewItems, longestItem: Int) {
    let history = items.history
    self.history = history
    // A word's first item is its first review a day or more after the first; fsrs-rs groups
    // those by first rating and interval, and sets aside the rarest intervals of each rating.
    var groups: [Int: [Int: (words: [Int], recalled: Int)]] = [:]
    var firstItem = [Int?](repeating: nil, count: history.wordCount)
    for word in 0..<history.wordCount {
      let reviews = history.reviews(ofWord: word)
      guard let first = reviews.first(where: { history.days[$0] > 0 }) else { continue }
      firstItem[word] = first
      let rating = Int(history.ratings[reviews.lowerBound])
      let days = Int(history.days[first])
      groups[rating, default: [:]][days, default: ([], 0)].words.append(word)
      groups[rating, default: [:]][days, default: ([], 0)].recalled +=
        history.ratings[first] > 1 ? 1 : 0
    }
    var isKept = [Bool](repeating: false, count: history.wordCount)
    var firstIntervals: [Int: [InitialStability.Interval]] = [:]
    for (rating, byDays) in groups {
      let total = byDays.values.reduce(0) { $0 + $1.words.count }
      var setAside = 0
      let rarestFirst = byDays.sorted {
        ($0.value.words.count, $0.key) < ($1.value.words.count, $1.key)
      }
      for (days, group) in rarestFirst {
        // At least 20 words, or 5% of the rating's, are set aside; then an interval is kept
        // when six words or more have it and it is at most 100 days (365 after an easy one).
        if setAside + group.words.count < max(20, total / 20) {
          setAside += group.words.count
          continue
        }
        guard group.words.count >= 6, days <= (rating == 4 ? 365 : 100) else { continue }
        for word in group.words { isKept[word] = true }
        firstIntervals[rating, default: []].append(
          InitialStability.Interval(
            days: days, recalled: group.recalled, count: group.words.count))
      }
    }
    self.firstIntervals = firstIntervals
    firstRatingCounts = firstIntervals.mapValues { $0.reduce(0) { $0 + $1.count } }
    firstIntervalCount = firstRatingCounts.values.reduce(0, +)

    let wordOfReview = items.wordOfReview
    let kept = items.recencyWeights { isKept[Int(wordOfReview[$0])] }
    itemCount = kept.count
    var recalls = 0
    var weights = kept.weights
    var words: [Word] = []
    var weightedItemCount = 0
    for word in 0..<history.wordCount where isKept[word] {
      let reviews = history.reviews(ofWord: word)
      var end = reviews.lowerBound
      var count = 0
      for position in reviews where weights[position] > 0 {
        recalls += history.ratings[position] > 1 ? 1 : 0
        if position - reviews.lowerBound + 1 > longestItem {
          weights[position] = 0
        } else {
          end = position + 1
          count += 1
        }
      }
      guard count > 0 else { continue }
      words.append(Word(reviews: reviews.lowerBound..<end, items: count))
      weightedItemCount += count
    }
    averageRecall = itemCount == 0 ? 0 : Float(recalls) / Float(itemCount)
    self.weights = weights
    self.weightedItemCount = weightedItemCount
    // Stable, so words of equal length stay in the order appended.
    self.words = words.enumerated().sorted {
      ($0.element.reviews.count, $0.offset) < ($1.element.reviews.count, $1.offset)
    }.map(\.element)
  }

  /// The first stabilities fitted to the first intervals, or `nil` when none is usable.
  func initialStabilities() -> [Float]? {
    InitialStability.fitted(firstIntervals, averageRecall: averageRecall)
  }

  /// The words split into batches of about `size` items, each word whole, in order.
  func batches(of size: Int) -> [Range<Int>] {
    var batches: [Range<Int>] = []
    var start = 0
    var items = 0
    for (index, word) in words.enumerated() {
      if index > start, items + word.items > size {
        batches.append(start..<index)
        start = index
        items = 0
      }
      items += word.items
    }
    if start < words.count { batches.append(start..<words.count) }
    return batches
  }
}
