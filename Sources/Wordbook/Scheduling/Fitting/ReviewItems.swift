#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A review history's items in the order of their times, as fsrs-rs takes them: the order
/// gives each item its recency weight, from 0.25 for the oldest to 1 for the newest, so that
/// a learner's recent reviews count most.
struct ReviewItems {
  let history: ReviewHistory
  /// The position of each item's review in the history, oldest first (ties in the order
  /// appended).
  let order: [Int32]
  /// The index of the word of each review of the history.
  let wordOfReview: [Int32]

  init(_ history: ReviewHistory) {
    self.history = history
    var wordOfReview = [Int32](repeating: 0, count: history.reviewCount)
    var keyed: [(time: Int64, position: Int32)] = []
    keyed.reserveCapacity(history.itemCount)
    for word in 0..<history.wordCount {
      for position in history.reviews(ofWord: word) {
        wordOfReview[position] = Int32(word)
        if history.days[position] > 0 {
          keyed.append((history.times[position], Int32(position)))
        }
      }
    }
    keyed.sort { ($0.time, $0.position) < ($1.time, $1.position) }
    order = keyed.map(\.position)
    self.wordOfReview = wordOfReview
  }

  /// The recency weight of the item at `rank` of `count`, oldest first.
  static func recencyWeight(rank: Int, of count: Int) -> Float {
    let last = max(Float(count) - 1, 1)
    let share = Float(rank) / last
    return 0.25 + 0.75 * (share * share * share)
  }

  /// The recency weight of every review that is one of the items `isIncluded` keeps, ranked
  /// among them by time; 0 for every other review.
  func recencyWeights(where isIncluded: (Int) -> Bool) -> (weights: [Float], count: Int) {
    let kept = order.lazy.map(Int.init).filter(isIncluded)
    let count = kept.count
    var weights = [Float](repeating: 0, count: history.reviewCount)
    for (rank, position) in kept.enumerated() {
      weights[position] = Self.recencyWeight(rank: rank, of: count)
    }
    return (weights, count)
  }

  /// The bin of the item at `position` for RMSE(bins), as fsrs-rs groups items: by its
  /// interval, by how many reviews a day or more apart the word has had, and by its lapses,
  /// each on a logarithmic scale.
  static func bin(days: UInt32, longTermReviews: Int, lapses: Int) -> RMSEBin {
    func binned(_ value: Double, scale: Double, base: Double) -> UInt32 {
      UInt32((scale * pow(base, (log(value) / log(base)).rounded(.down))).rounded())
    }
    let interval = UInt32(
      (2.48 * pow(3.62, (log(Double(days)) / log(3.62)).rounded(.down)) * 100).rounded())
    let length = binned(Double(longTermReviews + 1), scale: 1.99, base: 1.89)
    let lapse = lapses == 0 ? 0 : binned(Double(lapses), scale: 1.65, base: 1.73)
    return RMSEBin(interval: interval, length: length, lapses: lapse)
  }
}

/// One bin of RMSE(bins), ordered by interval, then length, then lapses.
struct RMSEBin: Hashable, Comparable {
  var interval: UInt32
  var length: UInt32
  var lapses: UInt32

  static func < (left: Self, right: Self) -> Bool {
    (left.interval, left.length, left.lapses) < (right.interval, right.length, right.lapses)
  }
}
