/// Fits FSRS-6's 21 parameters to one learner's reviews, and scores any parameters on them.
///
/// FSRS-6's default parameters are the median of many learners; the ones fitted to a learner's
/// own log usually predict that learner's memory markedly better. The fit is fsrs-rs's (the
/// optimizer Anki runs), ported: the first stabilities searched per first rating, unusual
/// first intervals set aside, the items weighted by recency, then five passes of Adam over
/// batches of words on the log loss plus a pull towards the starting parameters, each step
/// clipped to the parameters' bounds. With fewer than 8 items there is nothing to fit; with
/// fewer than 64, only the first stabilities.
///
/// It is a pure computation: the same history gives the same parameters on any machine (the
/// batches are shuffled by a seeded generator), nothing is stored, and the calling task's
/// cancellation stops it between batches.
///
/// ```swift
/// var history = ReviewHistory(now: now)
/// for log in logs { history.append(log.reviews, of: log.wordID) }
/// let optimizer = ParameterOptimizer(history: history)
/// let current = optimizer.evaluation(of: settings.parameters)
/// let fit = try optimizer.fit { progress in shown.append(progress.fraction) }
/// if let current, fit.evaluation.rmseBins < current.rmseBins {
///   adopted = fit.parameters
/// }
/// ```
public struct ParameterOptimizer: Sendable {
  /// The history fitted and scored.
  public let history: ReviewHistory
  /// How the fit learns.
  let settings: Settings
  /// The items of the history in time order.
  let items: ReviewItems

  /// The knobs of a fit, fsrs-rs's defaults unless a test changes them.
  struct Settings {
    var epochs = 5
    var batchSize = 512
    var seed: UInt64 = 2023
    var learningRate = 4e-2
    /// Items with more reviews than this (their own included) are left out of the fit.
    var longestItem = 256
    /// The strength of the pull towards the starting parameters.
    var penalty = 1.0
    /// The learner's relearning steps, which bound `w[17]` and `w[18]`.
    var relearningSteps = 1
  }

  /// An optimizer of `history`.
  ///
  /// - Parameters:
  ///   - history: The reviews to fit and score parameters on.
  ///   - relearningSteps: How many relearning steps the learner's scheduler has
  ///     (``SchedulerSettings/relearningSteps``): with more than one, the fit keeps a lapse's
  ///     same-day reviews from raising stability above what it was.
  public init(history: ReviewHistory, relearningSteps: Int = 1) {
    self.init(history: history, settings: Settings(relearningSteps: relearningSteps))
  }

  init(history: ReviewHistory, settings: Settings) {
    self.history = history
    self.settings = settings
    items = ReviewItems(history)
  }

  /// How well `parameters` predict the history's items, as fsrs-rs's `evaluate` scores them.
  ///
  /// - Parameter parameters: 21 FSRS-6 parameters.
  /// - Returns: The log loss and RMSE(bins), or `nil` when the history has no item.
  /// - Complexity: O(*r*) for *r* reviews, after the sort of the items by time when the
  ///   optimizer was made.
  public func evaluation(of parameters: [Double]) -> ParameterEvaluation? {
    guard !items.order.isEmpty else { return nil }
    let model = MemoryModel(parameters.map { Float($0) })
    let weights = items.recencyWeights { _ in true }.weights
    var loss = 0.0
    var weightSum = 0.0
    var bins: [RMSEBin: (predicted: Double, actual: Double, count: Double, weight: Double)] = [:]
    for word in 0..<history.wordCount {
      let reviews = history.reviews(ofWord: word)
      var state = model.initialState(rating: Int(history.ratings[reviews.lowerBound]))
      var longTermReviews = 0
      var lapses = 0
      for position in reviews.dropFirst() {
        let days = history.days[position]
        let rating = Int(history.ratings[position])
        let (next, step) = model.step(from: state, days: Float(days), rating: rating)
        state = next
        guard days > 0 else { continue }
        longTermReviews += 1
        let weight = weights[position]
        let recalled = rating > 1
        loss +=
          MemoryModel.crossEntropy(step.retrievability, recalled: recalled, weight: weight)
          .loss
        weightSum += Double(weight)
        let bin = ReviewItems.bin(days: days, longTermReviews: longTermReviews, lapses: lapses)
        // One look into the bins an item: the log of a million words holds ten million.
        Self.add(
          to: &bins[bin, default: (0, 0, 0, 0)], predicted: Double(step.retrievability),
          recalled: recalled, weight: Double(weight))
        if !recalled { lapses += 1 }
      }
    }
    // Summed in the bins' order, not the dictionary's, which differs between two dictionaries
    // of the same bins: the same reviews give the same figure to the last bit.
    var squares = 0.0
    for (_, bin) in bins.sorted(by: { $0.key < $1.key }) {
      let gap = bin.predicted / bin.count - bin.actual / bin.count
      squares += gap * gap * bin.weight
    }
    return ParameterEvaluation(
      logLoss: loss / weightSum, rmseBins: (squares / weightSum).squareRoot(),
      itemCount: items.order.count)
  }

  /// Adds an item's predicted and actual recall to its bin of RMSE(bins).
  private static func add(
    to bin: inout (predicted: Double, actual: Double, count: Double, weight: Double),
    predicted: Double, recalled: Bool, weight: Double
  ) {
    bin.predicted += predicted
    bin.actual += recalled ? 1 : 0
    bin.count += 1
    bin.weight += weight
  }

  /// Fits the parameters to the history.
  ///
  /// - Parameter progress: Called after each batch with how far the fit has come; it runs on
  ///   the fit's thread, so it should be quick.
  /// - Returns: The parameters and how well they predict the history.
  /// - Throws: ``ParameterFitError/unreadableLog(_:count:)`` when the history left a log out;
  ///   ``ParameterFitError/tooFewReviews(usable:needed:)`` with fewer than 8 usable items;
  ///   ``ParameterFitError/diverged`` when a step gives a number that is not finite;
  ///   ``ParameterFitError/cancelled`` when the calling task is cancelled.
  /// - Complexity: O(*r* log *r*) for *r* reviews: five passes over them, after a sort.
  public func fit(progress: (ParameterFitProgress) -> Void = { _ in })
    throws(ParameterFitError) -> ParameterFit
  {
    if let problem = history.problem {
      throw .unreadableLog(problem, count: history.problemCount)
    }
    let training = TrainingSet(items, longestItem: settings.longestItem)
    guard training.itemCount >= 8 else {
      throw .tooFewReviews(usable: training.itemCount, needed: 8)
    }
    guard let initialStabilities = training.initialStabilities() else {
      throw .tooFewReviews(usable: 0, needed: 8)
    }
    let start = initialStabilities + SchedulerSettings.defaultParameters[4...].map { Float($0) }
    var scope = ParameterFit.Scope.all
    var fitted = start
    if training.itemCount < 64 || training.itemCount == training.firstIntervalCount {
      scope = .initialStabilities
    } else {
      fitted = try train(training, from: start, progress: progress)
      fitted.replaceSubrange(
        0..<4,
        with: InitialStability.smoothed(
          Dictionary(uniqueKeysWithValues: (1...4).map { ($0, fitted[$0 - 1]) }),
          counts: training.firstRatingCounts) ?? initialStabilities)
    }
    let parameters = Self.stored(fitted)
    guard let evaluation = evaluation(of: parameters),
      evaluation.logLoss.isFinite, evaluation.rmseBins.isFinite
    else { throw .diverged }
    return ParameterFit(parameters: parameters, evaluation: evaluation, scope: scope)
  }

  /// Fitted parameters as a scheduler keeps them: rounded to four decimals, within bounds.
  static func stored(_ parameters: [Float]) -> [Double] {
    zip(parameters, SchedulerSettings.parameterBounds).map { value, bounds in
      let rounded = (Double(value) * 10_000).rounded() / 10_000
      return min(max(rounded, bounds.lowerBound), bounds.upperBound)
    }
  }
}
