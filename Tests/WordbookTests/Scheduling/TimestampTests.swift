import Foundation
import Testing

@testable import Wordbook

@Suite struct TimestampTests {
  @Test func wholeDaysRoundDownAsPythonsTimedeltaDays() {
    let start = Timestamp(secondsSince1970: 1_000_000)
    #expect(start.advanced(by: 86_399).wholeDays(since: start) == 0)
    #expect(start.advanced(by: 86_400).wholeDays(since: start) == 1)
    #expect(start.advanced(by: -1).wholeDays(since: start) == -1)
    #expect(start.advanced(by: -86_400).wholeDays(since: start) == -1)
    #expect(start.advanced(by: -86_401).wholeDays(since: start) == -2)
  }

  @Test func encodesAsAPlainNumberOfSeconds() throws {
    let time = Timestamp(secondsSince1970: 1_767_225_600)
    let data = try JSONEncoder().encode([time])
    #expect(String(decoding: data, as: UTF8.self) == "[1767225600]")
    #expect(try JSONDecoder().decode([Timestamp].self, from: data) == [time])
    #expect(time < time.advanced(by: 1))
  }
}
