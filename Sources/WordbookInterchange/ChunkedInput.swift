#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file's bytes in a buffer that slides over it: read from a file descriptor in chunks (or
/// given whole), checked as UTF-8 as they arrive, and dropped once read.
///
/// The buffer holds the bytes from ``start`` (the first one not yet read) to the end of the
/// last chunk, so its size stays near the window the reader asks for plus one chunk, whatever
/// the size of the file.
struct ChunkedInput {
  /// The bytes held; those before ``start`` are read and dropped at the next refill.
  private(set) var bytes: [UInt8]
  /// The first byte not yet read.
  private(set) var start = 0
  /// The 1-based line of the byte at ``start``.
  private(set) var line = 1
  /// The end of the bytes checked as UTF-8; a reader sees no further.
  private(set) var checkedEnd = 0
  /// Whether the whole file is in ``bytes``.
  private(set) var isAtEnd: Bool
  /// Whether each carriage return is read as a line feed, for a file with old Mac line ends.
  private var readsCarriageReturnsAsLineFeeds = false
  /// The file offset of `bytes[0]`.
  private var droppedCount = 0
  private let fileDescriptor: Int32
  private let chunkSize: Int

  /// Input that is all in memory already.
  init(bytes: [UInt8]) {
    self.bytes = bytes
    isAtEnd = true
    fileDescriptor = -1
    chunkSize = 0
  }

  /// Input read from `fileDescriptor`, `chunkSize` bytes at a time.
  init(fileDescriptor: Int32, chunkSize: Int) {
    bytes = []
    isAtEnd = false
    self.fileDescriptor = fileDescriptor
    self.chunkSize = max(chunkSize, 1)
  }

  /// The number of checked bytes from ``start`` on.
  var checkedCount: Int { checkedEnd - start }

  /// Reads until `count` checked bytes follow ``start`` or the file ends.
  ///
  /// - Throws: ``FlashcardReadError/invalidUTF8(byteOffset:line:)`` for a byte that is not
  ///   UTF-8, ``FlashcardReadError/readFailed(errorNumber:)`` when reading fails,
  ///   ``FlashcardReadError/stopped`` when the current task is cancelled.
  mutating func fill(toHold count: Int) throws(FlashcardReadError) {
    try check()
    while checkedCount < count && !isAtEnd {
      try readChunk()
      try check()
    }
  }

  /// Marks the bytes before `position` as read; `line` is the line of `position`.
  mutating func advance(to position: Int, line: Int) {
    start = position
    self.line = line
  }

  /// Reads every carriage return from ``start`` on as a line feed: the line end of a file saved
  /// on a Mac before OS X, which has no line feed at all.
  mutating func readCarriageReturnsAsLineFeeds() {
    readsCarriageReturnsAsLineFeeds = true
    Self.replaceCarriageReturns(in: &bytes, from: start)
  }

  /// Drops the bytes from ``start`` through the first `separator` that starts at or after
  /// `offset` bytes from ``start``, reading on as far as it takes, and counts their lines.
  mutating func skip(
    throughSeparator separator: [UInt8], from offset: Int
  ) throws(FlashcardReadError) {
    var searchFrom = start + offset
    while true {
      let found = bytes.withUnsafeBufferPointer { buffer in
        Self.firstIndex(
          of: separator, in: UnsafeBufferPointer(rebasing: buffer[..<checkedEnd]),
          from: searchFrom)
      }
      if let found {
        drop(to: found + separator.count)
        return
      }
      let keep = isAtEnd ? 0 : separator.count - 1
      drop(to: max(start, checkedEnd - keep))
      guard !isAtEnd else { return }
      try fill(toHold: checkedCount + 1)
      searchFrom = start
    }
  }

  /// Drops the RFC 4180 record that starts at ``start``, through the line feed that ends it
  /// outside quotes (or to the end of the file), reading on as far as it takes, and counts its
  /// lines.
  mutating func skipQuotedRecord(fieldSeparator: UInt8) throws(FlashcardReadError) {
    var scan = QuotedRecordScan(separator: fieldSeparator)
    while true {
      let found = bytes.withUnsafeBufferPointer { buffer in
        scan.recordEnd(in: UnsafeBufferPointer(rebasing: buffer[..<checkedEnd]), from: start)
      }
      if let found {
        drop(to: found + 1)
        return
      }
      drop(to: checkedEnd)
      guard !isAtEnd else { return }
      try fill(toHold: 1)
    }
  }

  /// Calls `body` with the checked bytes from ``start`` on.
  func withCheckedBytes<Result>(
    _ body: (UnsafeBufferPointer<UInt8>) throws(FlashcardReadError) -> Result
  ) throws(FlashcardReadError) -> Result {
    try bytes.withUnsafeBufferPointer { buffer throws(FlashcardReadError) in
      try body(UnsafeBufferPointer(rebasing: buffer[start..<checkedEnd]))
    }
  }

  private mutating func drop(to position: Int) {
    let lineFeeds = bytes.withUnsafeBufferPointer { buffer in
      ByteClass.lineFeedCount(in: buffer, start..<position)
    }
    advance(to: position, line: line + lineFeeds)
  }

  /// Appends the next chunk of the file, first dropping the bytes already read.
  private mutating func readChunk() throws(FlashcardReadError) {
    if start > 0 {
      bytes.removeSubrange(0..<start)
      droppedCount += start
      checkedEnd -= start
      start = 0
    }
    let oldCount = bytes.count
    bytes.append(contentsOf: repeatElement(0, count: chunkSize))
    // A pipe gives a few KiB a read: the chunk is filled by as many reads as it takes, so the
    // buffer grows (and is cleared) once a chunk rather than once a read.
    var filled = 0
    while filled < chunkSize && !isAtEnd {
      // A file of no card at all (endless zeros, a pipe of junk) never reaches the caller's
      // `onRows`, so a cancelled import is noticed here, before each read.
      if Task.isCancelled {
        bytes.removeLast(chunkSize)
        throw .stopped
      }
      let count = bytes.withUnsafeMutableBytes { buffer in
        let fresh = UnsafeMutableRawBufferPointer(rebasing: buffer[(oldCount + filled)...])
        return read(fileDescriptor, fresh.baseAddress, fresh.count)
      }
      if count < 0 {
        if errno == EINTR { continue }
        let number = errno
        bytes.removeLast(chunkSize)
        throw .readFailed(errorNumber: number)
      }
      if count == 0 { isAtEnd = true }
      filled += count
    }
    bytes.removeLast(chunkSize - filled)
    if readsCarriageReturnsAsLineFeeds { Self.replaceCarriageReturns(in: &bytes, from: oldCount) }
  }

  /// Checks the bytes read since the last check, up to the last whole UTF-8 sequence unless the
  /// file has ended.
  private mutating func check() throws(FlashcardReadError) {
    let end = isAtEnd ? bytes.count : wholeSequencesEnd
    guard end > checkedEnd else { return }
    let failure = bytes.withUnsafeBufferPointer { buffer -> FlashcardReadError? in
      let fresh = UnsafeBufferPointer(rebasing: buffer[checkedEnd..<end])
      guard let offset = UTF8Validation.firstInvalidOffset(in: fresh) else { return nil }
      let index = checkedEnd + offset
      let lines = ByteClass.lineFeedCount(in: buffer, start..<index)
      return .invalidUTF8(byteOffset: droppedCount + index, line: line + lines)
    }
    if let failure { throw failure }
    checkedEnd = end
  }

  /// The end of the bytes without the UTF-8 sequence the last chunk may have cut in two.
  private var wholeSequencesEnd: Int {
    var index = bytes.count
    while index > max(checkedEnd, bytes.count - 3) {
      index -= 1
      let byte = bytes[index]
      guard byte & 0xC0 == 0x80 else {
        let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
        return index + length > bytes.count ? index : bytes.count
      }
    }
    return bytes.count
  }

  private static func replaceCarriageReturns(in bytes: inout [UInt8], from start: Int) {
    for index in start..<bytes.count where bytes[index] == ByteClass.carriageReturn {
      bytes[index] = ByteClass.lineFeed
    }
  }

  /// The first index at or after `start` where `needle` occurs in `buffer`.
  static func firstIndex(
    of needle: [UInt8], in buffer: UnsafeBufferPointer<UInt8>, from start: Int
  ) -> Int? {
    guard let head = needle.first, start + needle.count <= buffer.count else { return nil }
    var index = start
    while index <= buffer.count - needle.count {
      if buffer[index] == head
        && (1..<needle.count).allSatisfy({ buffer[index + $0] == needle[$0] })
      {
        return index
      }
      index += 1
    }
    return nil
  }
}
