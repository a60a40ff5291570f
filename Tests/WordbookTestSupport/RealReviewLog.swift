import Foundation
import Testing
import Wordbook

/// The real review log in `../shared/data/fsrs-review-log/`, which a user's clone may not have:
/// 12,580 reviews of 1,205 cards by one learner.
public enum RealReviewLog {
  /// The log file: the repository root is two levels above this file.
  public static let file = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("../shared/data/fsrs-review-log/review-log.csv")
    .standardizedFileURL

  /// Whether the file is present.
  public static let isAvailable = FileManager.default.fileExists(atPath: file.path)

  /// Why the tests that read it are skipped when they are.
  public static let missing = Comment(
    rawValue: "../shared/data/fsrs-review-log is absent (a user's clone); real-log tests skipped")

  /// Each card's reviews, in the order of the file, cards in the order they first appear.
  public static func logs() throws -> [[Review]] {
    let text = try String(contentsOf: file, encoding: .utf8)
    var cards: [String: Int] = [:]
    var logs: [[Review]] = []
    for line in text.split(separator: "\n").dropFirst() {
      let fields = line.split(separator: ",")
      guard fields.count == 4, let rating = Int(fields[1]).flatMap(Rating.init(rawValue:)),
        let time = Timestamp(iso8601: fields[2])
      else { throw CocoaError(.fileReadCorruptFile) }
      let card = String(fields[0])
      let index = cards[card] ?? logs.count
      if index == logs.count {
        cards[card] = index
        logs.append([])
      }
      logs[index].append(Review(rating: rating, time: time))
    }
    return logs
  }

  /// The moment that splits `logs` into their first 80% of days and their last 20%.
  public static func cutOff(_ logs: [[Review]]) -> Timestamp {
    let times = logs.joined().map(\.time)
    guard let first = times.min()?.startOfDay, let last = times.max()?.startOfDay else {
      return Timestamp(secondsSince1970: 0)
    }
    let days = first.distance(to: last) / 86_400 + 1
    return first.advanced(by: days * 8 / 10 * 86_400)
  }
}
