import Foundation
import Testing
import Wordbook

@testable import WordbookTerminal

/// `schedule`'s six decimals, written with C's own `%.6f`, against Foundation's formatting of
/// the same values: the same text for ordinary values, halves and extremes.
@Suite struct ScheduleLineTests {
  @Test func sixDecimalsAreWhatPrintfWrites() {
    var generator = SplitMix64(seed: 27)
    var values: [Double] = [
      0, 1, 0.5e-6, 1.5e-6, 2.5e-6, 0.0000005, 36_500, 1e300, .greatestFiniteMagnitude, -0.0,
      2.3065,
    ]
    for _ in 0..<2000 {
      values.append(Double(generator.next() % 100_000_000) / 1_000_000 * 3.7)
    }
    for value in values {
      #expect(ScheduleCommand.sixDecimals(value) == String(format: "%.6f", value), "\(value)")
    }
  }
}
