#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Turns the lines of a JSON Lines action log into entries, for the decoder and the reader.
///
/// A log holds three kinds of lines: a header first (``ActionLogHeader``, from format 2), one
/// entry per action, and checkpoint lines (`{"checkpoint":…,"sequence":…}`) that give the
/// entry just before them its checkpoint, as ``Store/finishRecording()`` writes after the last
/// action. An entry is handed on once the next line shows that no checkpoint line follows it.
struct ActionLogParser<Action: Decodable> {
  /// The header, once read.
  private(set) var header: ActionLogHeader?
  private var pending: ActionLogEntry<Action>?
  private var readsFirstLine = true
  private let decoder = JSONDecoder()

  /// Reads one non-blank line.
  ///
  /// - Returns: The entry completed by this line, if any.
  /// - Throws: ``ActionLogDecoder/DecodingError`` when the line is none of the three kinds.
  mutating func consume(_ line: some Collection<UInt8>, number: Int)
    throws(ActionLogDecoder.DecodingError) -> ActionLogEntry<Action>?
  {
    let isFirstLine = readsFirstLine
    readsFirstLine = false
    let parsed: Line
    do {
      parsed = try decoder.decode(Line.self, from: Data(line))
    } catch {
      throw ActionLogDecoder.DecodingError(line: number, reason: String(describing: error))
    }
    func failure(_ reason: String) -> ActionLogDecoder.DecodingError {
      ActionLogDecoder.DecodingError(line: number, reason: reason)
    }
    switch parsed {
    case .header(let header):
      guard isFirstLine else { throw failure("a log header can only be the first line") }
      guard header.formatVersion <= ActionLogHeader.currentFormatVersion else {
        throw failure(
          "the log is in format \(header.formatVersion), newer than the format "
            + "\(ActionLogHeader.currentFormatVersion) this program reads")
      }
      self.header = header
      return nil
    case .entry(let entry):
      defer { pending = entry }
      return pending
    case .checkpoint(let checkpoint, let sequence):
      guard pending?.sequence == sequence, pending?.checkpoint == nil else {
        throw failure("the checkpoint for sequence \(sequence) does not follow its action")
      }
      pending?.checkpoint = checkpoint
      return nil
    }
  }

  /// Ends the log.
  ///
  /// - Returns: The last entry, if it was not handed on yet.
  mutating func finish() -> ActionLogEntry<Action>? {
    defer { pending = nil }
    return pending
  }

  private enum Line: Decodable {
    case header(ActionLogHeader)
    case entry(ActionLogEntry<Action>)
    case checkpoint(String, sequence: Int)

    private enum CodingKeys: String, CodingKey {
      case action, checkpoint, formatVersion, sequence
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      if container.contains(.formatVersion) {
        self = .header(try ActionLogHeader(from: decoder))
      } else if container.contains(.action) {
        self = .entry(try ActionLogEntry(from: decoder))
      } else {
        self = .checkpoint(
          try container.decode(String.self, forKey: .checkpoint),
          sequence: try container.decode(Int.self, forKey: .sequence))
      }
    }
  }
}
