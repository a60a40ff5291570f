import Foundation

/// A run as `--json` wrote it, read back to make the record (`Benchmarks/README.md`) from.
struct RecordedRun: Decodable {
  var machine: Machine
  var clock: String
  var runs: Int
  var sizes: [Int]
  var measurements: [Measurement]
  var checks: [Check]
  var notes: [String]

  /// Reads the JSON file at `path`.
  static func read(_ path: String) throws -> RecordedRun {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    return try JSONDecoder().decode(RecordedRun.self, from: data)
  }
}

// A number the JSON could not hold (`Report.number` writes `null` for one that is not finite,
// such as a ratio to a baseline of zero) reads back as not a number.

extension Measurement {
  enum CodingKeys: String, CodingKey {
    case name, scenario, size, unit, samples
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    var samples = try container.nestedUnkeyedContainer(forKey: .samples)
    var read: [Double] = []
    while !samples.isAtEnd {
      read.append(try samples.decodeNil() ? .nan : samples.decode(Double.self))
    }
    self.init(
      name: try container.decode(String.self, forKey: .name),
      scenario: try container.decode(String.self, forKey: .scenario),
      size: try container.decodeIfPresent(Int.self, forKey: .size),
      unit: try container.decode(Unit.self, forKey: .unit), samples: read)
  }
}

extension Check {
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      subject: try container.decode(String.self, forKey: .subject),
      baseline: try container.decode(String.self, forKey: .baseline),
      kind: try container.decode(Kind.self, forKey: .kind),
      limit: try container.decodeIfPresent(Double.self, forKey: .limit),
      ratio: try container.decodeIfPresent(Double.self, forKey: .ratio) ?? .nan,
      isJudged: try container.decode(Bool.self, forKey: .isJudged))
  }
}
