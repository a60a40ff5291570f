import Foundation
import Testing

@testable import Wordbook

/// fsrs-rs-python 0.9.3 (fsrs-rs's own code) run as a subprocess: fits parameters to items and
/// scores parameters on them (`fsrs-rs-oracle.py` beside this file).
///
/// Outside CI a machine without it skips the tests that need it; in CI (`CI=true`), where
/// `.ci/run` installs it, they run and fail without it.
enum FSRSRSOracle {
  /// The fsrs-rs-python version the optimizer is checked against.
  static let version = "0.9.3"

  /// Why the oracle tests are skipped when they are.
  static let unavailable = Comment(
    rawValue:
      "needs python3 with fsrs-rs-python \(version): "
      + "python3 -m pip install fsrs-rs-python==\(version)")

  /// Whether the tests that need the oracle run: where it is installed, and always in CI.
  static let runs: Bool = {
    if ProcessInfo.processInfo.environment["CI"] == "true" { return true }
    let check = "import importlib.metadata as m, fsrs_rs_python; print(m.version('fsrs-rs-python'))"
    guard let output = try? FSRSOracle.python(["-c", check]) else { return false }
    return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      == version
  }()

  /// What to ask of fsrs-rs.
  struct Request: Encodable {
    /// Each word's reviews as `[rating, days since the review before]`.
    var words: [[[Int]]] = []
    /// Named lists of items, oldest first, each `[word, review]`.
    var sets: [String: [[Int]]] = [:]
    /// The sets to fit parameters to.
    var fits: [String] = []
    /// The scores to compute.
    var evaluations: [Evaluation] = []
  }

  /// A set of items scored with parameters; `nil` parameters are those of fsrs-rs's first fit.
  struct Evaluation: Encodable {
    var set: String
    var parameters: [Double]?

    private enum CodingKeys: String, CodingKey { case set, parameters }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(set, forKey: .set)
      if let parameters {
        try container.encode(parameters, forKey: .parameters)
      } else {
        try container.encode("fitted", forKey: .parameters)
      }
    }
  }

  /// fsrs-rs's answers.
  struct Answer: Decodable {
    var version: String
    /// The parameters fitted to each set of ``Request/fits``.
    var fitted: [[Double]]
    /// `[log loss, RMSE(bins)]` for each evaluation asked.
    var evaluations: [[Double]]
  }

  enum OracleError: Error {
    case wrongVersion(String)
  }

  /// Runs fsrs-rs on `request`.
  static func run(_ request: Request) async throws -> Answer {
    let input = FileManager.default.temporaryDirectory
      .appendingPathComponent("fsrs-rs-oracle-\(UUID().uuidString).json")
    try JSONEncoder().encode(request).write(to: input)
    defer { try? FileManager.default.removeItem(at: input) }
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("fsrs-rs-oracle.py")
    let answer = try JSONDecoder().decode(
      Answer.self, from: try await FSRSOracle.runScript([script.path, input.path]))
    guard answer.version == version else { throw OracleError.wrongVersion(answer.version) }
    return answer
  }
}

extension FSRSRSOracle.Request {
  /// A request with the words of `history`.
  init(_ history: ReviewHistory) {
    addWords(of: history)
  }

  /// Adds the words of `history`, and returns the index of the first.
  @discardableResult
  mutating func addWords(of history: ReviewHistory) -> Int {
    let first = words.count
    words += (0..<history.wordCount).map { word in
      history.reviews(ofWord: word).map {
        [Int(history.ratings[$0]), Int(history.days[$0])]
      }
    }
    return first
  }

  /// Names the items of `history`, whose words were added at `firstWord`, that `isIncluded`
  /// keeps, oldest first as the optimizer orders them.
  mutating func addSet(
    _ name: String, of history: ReviewHistory, firstWord: Int = 0,
    where isIncluded: (Timestamp) -> Bool = { _ in true }
  ) {
    let items = ReviewItems(history)
    sets[name] = items.order.map(Int.init).filter {
      isIncluded(Timestamp(secondsSince1970: history.times[$0]))
    }.map { position in
      let word = Int(items.wordOfReview[position])
      return [firstWord + word, position - history.reviews(ofWord: word).lowerBound]
    }
  }
}
