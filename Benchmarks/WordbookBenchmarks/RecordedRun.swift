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
