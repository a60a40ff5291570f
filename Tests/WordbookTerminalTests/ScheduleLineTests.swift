import Foundation
import Testing
import Wordbook

@testable import WordbookTerminal

/// `schedule`'s six decimals against Foundation's `%.6f` formatting of the same values: the
/// same text for ordinary values, exact halves (k / 128), near halves, signs and extremes, on
/// both sides of the integer fast path's bound.
@Suite struct ScheduleLineTests {
  @Test func sixDecimalsAreWhatPrintfWrites() {
    var generator = SplitMix64(seed: 27)
    var values: [Double] = [
      0, 1, 0.5e-6, 1.5e-6, 2.5e-6, 0.0000005, 36_500, 1e300, .greatestFiniteMagnitude, -0.0,
      2.3065, -1e-9, -2.5e-7, 4_503_599_626.999_999, 4_503_599_627, 4_503_599_628.5,
      .leastNonzeroMagnitude, .infinity, -.infinity, .nan,
    ]
    for k in 0..<2000 {
      let half = Double(k) / 128
      values += [half, -half, half.nextUp, half.nextDown]
    }
    for _ in 0..<2000 {
      values.append(Double(generator.next() % 100_000_000) / 1_000_000 * 3.7)
      values.append(Double(bitPattern: generator.next()))
      let micro = Double(generator.next() % 10_000_000_000) + 0.5
      values += [micro / 1_000_000, (micro / 1_000_000).nextUp, (micro / 1_000_000).nextDown]
    }
    for value in values {
      #expect(ScheduleCommand.sixDecimals(value) == String(format: "%.6f", value), "\(value)")
    }
  }
}
