import Foundation

/// A run as `--json` wrote it, read back to make the record (`Benchmarks/README.md`) from.
struct RecordedRun: Decodable {
  struct MachineFields: Decodable {
    var cores: Int
    var processor: String
    var loadAtStart: String
    var loadAtEnd: String
  }

  struct MeasurementFields: Decodable {
    var name: String
    var scenario: String
    var size: Int?
    var unit: String
    var samples: [Double]
  }

  struct CheckFields: Decodable {
    var subject: String
    var baseline: String
    var kind: String
    var ratio: Double
    var target: Double?
    var judged: Bool
  }

  var machine: MachineFields
  var clock: String
  var runs: Int
  var sizes: [Int]
  var measurements: [MeasurementFields]
  var checks: [CheckFields]
  var notes: [String]

  /// Reads the JSON file at `path`.
  static func read(_ path: String) throws -> RecordedRun {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    return try JSONDecoder().decode(RecordedRun.self, from: data)
  }

  /// The measurements, as the run made them.
  func measured() throws -> [Measurement] {
    try measurements.map { fields in
      guard let unit = Measurement.Unit(rawValue: fields.unit) else {
        throw RecordError(description: "\(fields.name): unknown unit '\(fields.unit)'")
      }
      return Measurement(
        name: fields.name, scenario: fields.scenario, size: fields.size, unit: unit,
        samples: fields.samples)
    }
  }

  /// The checks, as the run made them.
  func checked() throws -> [Check] {
    try checks.map { fields in
      guard let kind = Check.Kind(rawValue: fields.kind) else {
        throw RecordError(description: "\(fields.subject): unknown check '\(fields.kind)'")
      }
      return Check(
        subject: fields.subject, baseline: fields.baseline, kind: kind, limit: fields.target,
        ratio: fields.ratio, isJudged: fields.judged)
    }
  }

  /// Why a run's JSON cannot make a record.
  struct RecordError: Error, CustomStringConvertible {
    var description: String
  }
}
