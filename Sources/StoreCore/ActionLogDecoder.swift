import Foundation

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

  /// Decodes every non-blank line of `data` as an ``ActionLogEntry``.
  ///
  /// This holds the whole log and every entry; ``ActionLogReader`` reads a log of any size
  /// from a file, an entry at a time.
  ///
  /// - Parameters:
  ///   - type: The type of the logged actions.
  ///   - data: The contents of a JSON Lines log.
  /// - Returns: The entries, in file order.
  /// - Throws: ``DecodingError`` naming the first line that is not a valid entry.
  public static func decode<Action: Decodable>(
    _ type: Action.Type = Action.self,
    from data: Data
  ) throws(DecodingError) -> [ActionLogEntry<Action>] {
    let decoder = JSONDecoder()
    var entries: [ActionLogEntry<Action>] = []
    var lineNumber = 0
    for line in data.split(separator: 0x0A, omittingEmptySubsequences: false) {
      lineNumber += 1
      if let entry = try decodeLine(line, number: lineNumber, as: Action.self, with: decoder) {
        entries.append(entry)
      }
    }
    return entries
  }

  /// The entry one line holds, or `nil` for a blank line.
  static func decodeLine<Action: Decodable>(
    _ line: some Collection<UInt8>,
    number: Int,
    as type: Action.Type,
    with decoder: JSONDecoder
  ) throws(DecodingError) -> ActionLogEntry<Action>? {
    if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return nil }
    do {
      return try decoder.decode(ActionLogEntry<Action>.self, from: Data(line))
    } catch {
      throw DecodingError(line: number, reason: String(describing: error))
    }
  }
}
