import Testing
import Wordbook

/// ISO 8601 times: written in UTC to the second, read back with any zone, and anything else
/// refused.
@Suite struct TimestampISO8601Tests {
  @Test func knownMomentsAreWrittenInUTC() {
    let cases: [(Int64, String)] = [
      (0, "1970-01-01T00:00:00Z"), (-1, "1969-12-31T23:59:59Z"),
      (951_782_400, "2000-02-29T00:00:00Z"), (1_796_119_200, "2026-12-01T10:00:00Z"),
      (253_402_300_799, "9999-12-31T23:59:59Z"), (-62_135_596_800, "0001-01-01T00:00:00Z"),
    ]
    for (seconds, text) in cases {
      #expect(Timestamp(secondsSince1970: seconds).iso8601 == text)
      #expect(Timestamp(iso8601: text) == Timestamp(secondsSince1970: seconds))
    }
  }

  @Test func yearsPastFourDigitsAreWrittenInFull() {
    #expect(Timestamp(secondsSince1970: 253_402_300_800).iso8601 == "10000-01-01T00:00:00Z")
    #expect(Timestamp(secondsSince1970: -62_167_219_201).iso8601 == "-0001-12-31T23:59:59Z")
  }

  @Test func zonesAndFractionsAreRead() {
    let moment = Timestamp(secondsSince1970: 1_796_119_200)
    for text in [
      "2026-12-01T19:00:00+09:00", "2026-12-01T19:00:00+0900", "2026-12-01 10:00:00z",
      "2026-12-01T05:30:00-04:30", "2026-12-01T10:00:00.999Z", "2026-12-01t10:00:00,5+00:00",
    ] {
      #expect(Timestamp(iso8601: text) == moment, "\(text)")
    }
  }

  @Test func malformedTimesAndDaysThatDoNotExistAreRefused() {
    for text in [
      "", "2026-12-01", "2026-12-01T10:00:00", "2026-12-01T10:00Z", "2026-13-01T00:00:00Z",
      "2026-02-29T00:00:00Z", "2100-02-29T00:00:00Z", "2026-04-31T00:00:00Z",
      "2026-12-01T24:00:00Z", "2026-12-01T10:60:00Z", "2026-12-01T10:00:60Z",
      "2026-12-01T10:00:00+24:00", "2026-12-01T10:00:00Z ", " 2026-12-01T10:00:00Z",
      "2026-12-01T10:00:00.Z", "２０２６-12-01T10:00:00Z", "2026-12-01T10:00:00+9",
    ] {
      #expect(Timestamp(iso8601: text) == nil, "\(text)")
    }
    #expect(Timestamp(iso8601: "2024-02-29T00:00:00Z") != nil)
    #expect(Timestamp(iso8601: "2000-02-29T12:00:00Z") != nil)
  }

  @Test func everySecondOfRandomTimesRoundTrips() {
    var generator = SplitMix64(seed: 8601)
    for _ in 0..<10_000 {
      let seconds = Int64(bitPattern: generator.next() % 315_537_897_600) - 62_135_596_800
      let moment = Timestamp(secondsSince1970: seconds)
      #expect(Timestamp(iso8601: moment.iso8601) == moment, "\(seconds)")
    }
  }
}
