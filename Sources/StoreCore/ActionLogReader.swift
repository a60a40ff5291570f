#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads an action log written as JSON Lines from a file descriptor, one entry at a time.
///
/// The reader holds one chunk of the file and the line being read, never the whole log, so a
/// log of any size (or one with gigabytes of junk after its entries) is read in bounded memory.
/// A line longer than ``maximumLineLength`` stops the read with an error naming it instead of
/// being held. A last line without its line feed, as a session killed while writing leaves it,
/// is skipped, and ``skippedCutOffLine`` says so.
///
/// ```swift
/// var reader = ActionLogReader<CounterAction>(fileDescriptor: descriptor)
/// var state = 0
/// while let entry = try reader.next() {
///   _ = Counter().reduce(into: &state, action: entry.action)
/// }
/// ```
public struct ActionLogReader<Action: Decodable> {
  /// The longest line read, in bytes without its line feed.
  public let maximumLineLength: Int
  /// Whether the log ended with a line that has no line feed, which was skipped.
  public private(set) var skippedCutOffLine = false
  private let fileDescriptor: Int32
  private var parser = ActionLogParser<Action>()
  private var buffer: [UInt8] = []
  /// The first byte of the line being read.
  private var start = 0
  /// Where the search for the line's line feed goes on.
  private var scanned = 0
  /// The number of the last line read.
  private var lineNumber = 0
  private var isAtEnd = false

  /// The log's header, once the first line was read: ``next()`` reads it. `nil` for a log
  /// written before headers existed.
  public var header: ActionLogHeader? { parser.header }

  /// The bytes read at a time.
  private static var chunkSize: Int { 1 << 16 }

  /// Creates a reader of the log open at `fileDescriptor`, from its current offset; the caller
  /// closes it.
  ///
  /// - Parameters:
  ///   - fileDescriptor: An open file or pipe.
  ///   - maximumLineLength: The longest line to read, in bytes; 1 MiB unless given.
  public init(fileDescriptor: Int32, maximumLineLength: Int = 1 << 20) {
    self.fileDescriptor = fileDescriptor
    self.maximumLineLength = maximumLineLength
  }

  /// The next entry, or `nil` at the end of the log.
  ///
  /// - Returns: The entry on the next non-blank line.
  /// - Throws: ``ActionLogDecoder/DecodingError`` naming the first line that is not a valid
  ///   entry, is longer than ``maximumLineLength``, or cannot be read.
  public mutating func next() throws(ActionLogDecoder.DecodingError) -> ActionLogEntry<Action>? {
    while true {
      if let lineFeed = firstLineFeed() {
        lineNumber += 1
        guard lineFeed > start else {
          // An empty line, the commonest blank line, skipped without decoding.
          start += 1
          scanned = start
          continue
        }
        let line = buffer[start..<lineFeed]
        start = lineFeed + 1
        scanned = start
        if line.count > maximumLineLength { throw tooLong() }
        if ActionLogDecoder.isBlank(line) { continue }
        if let entry = try parser.consume(line, number: lineNumber) { return entry }
        continue
      }
      scanned = buffer.count
      guard buffer.count - start <= maximumLineLength else {
        lineNumber += 1
        throw tooLong()
      }
      if isAtEnd {
        skippedCutOffLine = skippedCutOffLine || start < buffer.count
        start = buffer.count
        return parser.finish()
      }
      try readChunk()
    }
  }

  /// The index of the first line feed at or after `scanned`, found with `memchr`, which reads
  /// a word at a time: a log may hold millions of blank lines.
  private func firstLineFeed() -> Int? {
    buffer.withUnsafeBytes { bytes in
      guard scanned < bytes.count, let base = bytes.baseAddress,
        let found = memchr(base + scanned, 0x0A, bytes.count - scanned)
      else { return nil }
      return base.distance(to: UnsafeRawPointer(found))
    }
  }

  private func tooLong() -> ActionLogDecoder.DecodingError {
    ActionLogDecoder.DecodingError(
      line: lineNumber,
      reason: "the line is longer than \(maximumLineLength) bytes, so it cannot be an entry")
  }

  /// Appends the next chunk of the file, first dropping the lines already read.
  private mutating func readChunk() throws(ActionLogDecoder.DecodingError) {
    buffer.removeSubrange(0..<start)
    scanned -= start
    start = 0
    let oldCount = buffer.count
    let chunkSize = Self.chunkSize
    buffer.append(contentsOf: repeatElement(0, count: chunkSize))
    var count = 0
    let fileDescriptor = fileDescriptor
    repeat {
      count = buffer.withUnsafeMutableBytes { bytes in
        let fresh = UnsafeMutableRawBufferPointer(rebasing: bytes[oldCount...])
        return read(fileDescriptor, fresh.baseAddress, fresh.count)
      }
    } while count < 0 && errno == EINTR
    guard count >= 0 else {
      let reason = "cannot read the log: \(String(cString: strerror(errno)))"
      buffer.removeLast(chunkSize)
      throw ActionLogDecoder.DecodingError(line: lineNumber + 1, reason: reason)
    }
    buffer.removeLast(chunkSize - count)
    if count == 0 { isAtEnd = true }
  }
}
