import CZlib

/// Raw deflate decompression through the system's zlib, fed a member's data a piece at a time
/// and handing on its output a piece at a time, so a member is never held whole to be read.
final class Inflater {
  /// The most output handed on at once.
  private static let pieceSize = 1 << 16

  /// Allocated once and never moved: zlib's state points back at it.
  private let stream: UnsafeMutablePointer<z_stream>
  private var output: [UInt8]
  private let name: String

  /// A raw deflate stream for the member `name`.
  ///
  /// - Throws: ``AnkiPackageError/corruptZip(_:)`` when zlib cannot start.
  init(name: String) throws(AnkiPackageError) {
    self.name = name
    output = [UInt8](repeating: 0, count: Self.pieceSize)
    stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    stream.initialize(to: z_stream())
    // -15: raw deflate with a 32 KiB window, as zip members are stored.
    guard inflateInit2_(stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
    else {
      stream.deallocate()
      throw .corruptZip(.inflaterNotStarted(name))
    }
  }

  deinit {
    inflateEnd(stream)
    stream.deallocate()
  }

  /// Inflates the next piece of the member's data, handing each piece of output to `sink`.
  ///
  /// - Returns: Whether the deflate stream ended; bytes after its end are ignored.
  /// - Throws: ``AnkiPackageError/corruptZip(_:)`` when the data is not raw deflate, and what
  ///   `sink` throws (the caller stops there: at a size past the declared one, for example).
  func inflate(
    _ input: [UInt8], into sink: (ArraySlice<UInt8>) throws(AnkiPackageError) -> Void
  ) throws(AnkiPackageError) -> Bool {
    var input = input
    return try input.withUnsafeMutableBufferPointer { source throws(AnkiPackageError) in
      stream.pointee.next_in = source.baseAddress
      stream.pointee.avail_in = uInt(source.count)
      while true {
        let code = output.withUnsafeMutableBufferPointer { target in
          stream.pointee.next_out = target.baseAddress
          stream.pointee.avail_out = uInt(target.count)
          return CZlib.inflate(stream, Z_NO_FLUSH)
        }
        let produced = Self.pieceSize - Int(stream.pointee.avail_out)
        if produced > 0 { try sink(output[..<produced]) }
        if code == Z_STREAM_END { return true }
        // Z_BUF_ERROR with all input read: the next piece of data is needed.
        if code == Z_BUF_ERROR && stream.pointee.avail_in == 0 { return false }
        guard code == Z_OK else {
          throw .corruptZip(.damagedMember(name))
        }
        if stream.pointee.avail_in == 0 && stream.pointee.avail_out > 0 { return false }
      }
    }
  }
}
