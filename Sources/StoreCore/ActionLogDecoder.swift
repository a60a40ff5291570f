#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reading an action log written as JSON Lines.
public enum ActionLogDecoder {
  /// A line of the log that could not be read.
  public struct DecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line number, from 1.
    public var line: Int
    /// Why it could not be read.
    public var reason: String

    /// `line 3: reason`.
    public var description: String { "line \(line): \(reason)" }
  }

  /// Decodes every non-blank line of `data` as an ``ActionLogEntry``, giving each checkpoint
  /// line's checkpoint to the entry before it.
  ///
  /// This holds the whole log and every entry; ``ActionLogReader`` reads a log of any size
  /// from a file, an entry at a time.
  ///
  /// - Parameters:
  ///   - type: The type of the logged actions.
  ///   - data: The contents of a JSON Lines log, with or without an ``ActionLogHeader``.
  /// - Returns: The entries, in file order.
  /// - Throws: ``DecodingError`` naming the first line that is not a valid line of a log.
  public static func decode<Action: Decodable>(
    _ type: Action.Type = Action.self,
    from data: Data
  ) throws(DecodingError) -> [ActionLogEntry<Action>] {
    try decodeLog(Action.self, from: data).entries
  }

  /// Decodes a JSON Lines log with its header.
  ///
  /// - Parameters:
  ///   - type: The type of the logged actions.
  ///   - data: The contents of a JSON Lines log.
  /// - Returns: The header, `nil` for a log written before headers existed, and the entries.
  /// - Throws: ``DecodingError`` naming the first line that is not a valid line of a log.
  public static func decodeLog<Action: Decodable>(
    _ type: Action.Type = Action.self,
    from data: Data
  ) throws(DecodingError) -> (header: ActionLogHeader?, entries: [ActionLogEntry<Action>]) {
    var parser = ActionLogParser<Action>()
    var entries: [ActionLogEntry<Action>] = []
    var lineNumber = 0
    for line in data.split(separator: 0x0A, omittingEmptySubsequences: false) {
      lineNumber += 1
      if isBlank(line) { continue }
      if let entry = try parser.consume(line, number: lineNumber) { entries.append(entry) }
    }
    if let entry = parser.finish() { entries.append(entry) }
    return (parser.header, entries)
  }

  /// Whether a line holds only spaces, tabs and carriage returns.
  static func isBlank(_ line: some Collection<UInt8>) -> Bool {
    line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
  }
}
