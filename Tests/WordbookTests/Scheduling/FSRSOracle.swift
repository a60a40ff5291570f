import Foundation
import Testing
import Wordbook
import WordbookTestSupport

/// py-fsrs 6.3.2 run as a subprocess: replays review histories and reads back its card after
/// every review (`fsrs-oracle.py` beside this file).
enum FSRSOracle {
  /// The py-fsrs version whose numbers the scheduler reproduces.
  static let version = "6.3.2"

  /// Why the oracle tests are skipped when they are.
  static let unavailable = Comment(
    rawValue: "needs python3 with py-fsrs \(version): python3 -m pip install fsrs==\(version)")

  /// Whether `python3` imports py-fsrs at the expected version.
  static let isAvailable: Bool = {
    let check = "import importlib.metadata as m, fsrs; print(m.version('fsrs'))"
    guard let output = try? python(["-c", check]) else { return false }
    return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      == version
  }()

  /// One history to replay.
  struct Case: Encodable {
    var settings: SchedulerSettings
    var reviews: [Review]

    private enum CodingKeys: String, CodingKey { case settings, reviews }
    private enum SettingsKeys: String, CodingKey {
      case parameters, desiredRetention, learningSteps, relearningSteps, maximumInterval
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      var keyed = container.nestedContainer(keyedBy: SettingsKeys.self, forKey: .settings)
      try keyed.encode(settings.parameters, forKey: .parameters)
      try keyed.encode(settings.desiredRetention, forKey: .desiredRetention)
      try keyed.encode(settings.learningSteps.map(\.components.seconds), forKey: .learningSteps)
      try keyed.encode(
        settings.relearningSteps.map(\.components.seconds), forKey: .relearningSteps)
      try keyed.encode(settings.maximumInterval, forKey: .maximumInterval)
      try container.encode(
        reviews.map { [Int64($0.rating.rawValue), $0.time.secondsSince1970] }, forKey: .reviews)
    }
  }

  /// py-fsrs's card after one review.
  struct Card: Decodable, Equatable {
    /// py-fsrs's state: 1 learning, 2 review, 3 relearning.
    var state: Int
    var step: Int?
    var stability: Double
    var difficulty: Double
    var due: Int64
    var lastReview: Int64

    init(from decoder: any Decoder) throws {
      var fields = try decoder.unkeyedContainer()
      state = try fields.decode(Int.self)
      step = try fields.decode(Int?.self)
      stability = try fields.decode(Double.self)
      difficulty = try fields.decode(Double.self)
      due = try fields.decode(Int64.self)
      lastReview = try fields.decode(Int64.self)
    }
  }

  private struct Output: Decodable {
    var version: String
    var cases: [[Card]]
  }

  private struct Input: Encodable {
    var cases: [Case]
  }

  /// py-fsrs's card after every review of every case, with fuzz off.
  static func replay(_ cases: [Case]) async throws -> [[Card]] {
    let input = FileManager.default.temporaryDirectory
      .appendingPathComponent("fsrs-oracle-\(UUID().uuidString).json")
    try JSONEncoder().encode(Input(cases: cases)).write(to: input)
    defer { try? FileManager.default.removeItem(at: input) }
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("fsrs-oracle.py")
    // The replay takes seconds, so it is waited for without holding a thread of the pool.
    let output = try JSONDecoder().decode(
      Output.self, from: try await runScript([script.path, input.path]))
    guard output.version == version else { throw OracleError.wrongVersion(output.version) }
    return output.cases
  }

  enum OracleError: Error {
    case failed(status: Int32, message: String)
    case wrongVersion(String)
  }

  /// Runs python3 on `arguments` and returns what it printed, blocking: only for the quick
  /// version check, a trait's condition, which cannot suspend.
  static func python(_ arguments: [String]) throws -> Data {
    try printed(by: SpawnedCommand.runBlocking(["python3"] + arguments))
  }

  /// Runs python3 on `arguments`, waiting without holding a thread, and returns what it printed.
  static func runScript(_ arguments: [String]) async throws -> Data {
    try printed(by: await SpawnedCommand.run(["python3"] + arguments, timeout: .seconds(600)))
  }

  private static func printed(by outcome: SpawnedCommand.Outcome) throws(OracleError) -> Data {
    guard outcome.status == 0 else {
      throw OracleError.failed(status: outcome.status, message: outcome.error)
    }
    return Data(outcome.output.utf8)
  }
}
