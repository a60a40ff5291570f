#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension ParameterOptimizer {
  /// How far each parameter may stray from where it started before the pull back costs as much
  /// as one item's loss: fsrs-rs's spread of the parameters across learners.
  static let spread: [Float] = [
    6.43, 9.66, 17.58, 27.85, 0.57, 0.28, 0.6, 0.12, 0.39, 0.18, 0.33, 0.3, 0.09, 0.16, 0.57,
    0.25, 1.03, 0.31, 0.32, 0.14, 0.27,
  ]

  /// Learns the parameters from `start` by Adam over the training set's batches.
  func train(
    _ training: TrainingSet, from start: [Float], progress: (ParameterFitProgress) -> Void
  ) throws(ParameterFitError) -> [Float] {
    let total = training.weightedItemCount
    let batches = training.batches(of: settings.batchSize)
    var adam = AdamStep(
      learningRate: settings.learningRate,
      steps: (total / settings.batchSize + 1) * settings.epochs)
    var shuffler = BatchShuffler(seed: settings.seed)
    var parameters = start
    var scratch = GradientScratch()
    for epoch in 1...settings.epochs {
      var order = Array(batches.indices)
      shuffler.shuffle(&order)
      var done = 0
      for index in order {
        guard !Task.isCancelled else { throw .cancelled }
        let batch = batches[index]
        let model = MemoryModel(parameters)
        var gradient = [Double](repeating: 0, count: 21)
        var items = 0
        for word in training.words[batch] {
          model.addLossGradient(
            of: word.reviews, in: training.history, weights: training.weights, into: &gradient,
            scratch: &scratch)
          items += word.items
        }
        let pull = settings.penalty * Double(items) / Double(total)
        for index in 0..<21 {
          let offset = Double(parameters[index] - start[index])
          gradient[index] += 2 * offset / Double(Self.spread[index] * Self.spread[index]) * pull
        }
        guard gradient.allSatisfy(\.isFinite) else { throw .diverged }
        adam.apply(gradient, to: &parameters)
        guard parameters.allSatisfy(\.isFinite) else { throw .diverged }
        clip(&parameters)
        done += items
        progress(
          ParameterFitProgress(
            epoch: epoch, epochs: settings.epochs, items: min(done, total),
            itemsPerEpoch: total))
      }
    }
    return parameters
  }

  /// Keeps each parameter within the bounds fsrs-rs trains in.
  func clip(_ w: inout [Float]) {
    // A lapse's relearning steps must not raise stability above what it was: with more than
    // one, w[17] * w[18] is bounded by what a lapse at D = 1, R = 0.7, S = 1 gives.
    var sameDayCeiling: Float = 2
    if settings.relearningSteps > 1 {
      let lapse = log(w[11]) + log(pow(2, w[13]) - 1) + w[14] * 0.3
      sameDayCeiling = min(max(-lapse / Float(settings.relearningSteps), 0.01).squareRoot(), 2)
    }
    let bounds: [ClosedRange<Float>] = [
      0.001...100, 0.001...100, 0.001...100, 0.001...100, 1...10, 0.001...4, 0.001...4,
      0.001...0.75, 0...4.5, 0...0.8, 0.001...3.5, 0.001...5, 0.001...0.25, 0.001...0.9, 0...4,
      0...1, 1...6, 0...sameDayCeiling, 0...sameDayCeiling, 0.01...0.8, 0.1...0.8,
    ]
    for index in w.indices { w[index] = MemoryModel.clamped(w[index], to: bounds[index]) }
  }
}

/// The steps of one word's replay and the loss's derivative at each, kept between words so a
/// batch allocates them once.
struct GradientScratch {
  var steps: [MemoryStep] = []
  var retrievabilityGradients: [Double] = []
}

extension MemoryModel {
  /// Adds to `gradient` the derivatives of the weighted log loss of one word's items,
  /// replaying its reviews once; returns the loss. A review whose weight is 0 is not predicted.
  @discardableResult
  func addLossGradient(
    of reviews: Range<Int>, in history: ReviewHistory, weights: [Float],
    into gradient: inout [Double], scratch: inout GradientScratch
  ) -> Double {
    scratch.steps.removeAll(keepingCapacity: true)
    scratch.retrievabilityGradients.removeAll(keepingCapacity: true)
    var state = initialState(rating: Int(history.ratings[reviews.lowerBound]))
    var loss = 0.0
    for position in reviews.dropFirst() {
      let rating = Int(history.ratings[position])
      let (next, step) = self.step(
        from: state, days: Float(history.days[position]), rating: rating)
      let (itemLoss, derivative) = Self.crossEntropy(
        step.retrievability, recalled: rating > 1, weight: weights[position])
      loss += itemLoss
      scratch.steps.append(step)
      scratch.retrievabilityGradients.append(derivative)
      state = next
    }
    var gS = 0.0
    var gD = 0.0
    for index in scratch.steps.indices.reversed() {
      (gS, gD) = backward(
        scratch.steps[index], stability: gS, difficulty: gD,
        retrievability: scratch.retrievabilityGradients[index], into: &gradient)
    }
    backwardInitial(
      rating: Int(history.ratings[reviews.lowerBound]), stability: gS, difficulty: gD,
      into: &gradient)
    return loss
  }
}
