import CZlib

/// Raw deflate decompression through the system's zlib.
enum Inflater {
  /// How many bytes the output grows by at a time, so a member is never given memory it has
  /// not shown it needs.
  private static let step = 1 << 16

  /// The bytes `compressed` inflates to, which must be exactly `expectedSize` bytes.
  ///
  /// - Throws: ``AnkiPackageError/corruptZip(_:)`` when the data is not raw deflate, ends
  ///   early, or inflates to more or fewer bytes than declared (the caller has checked the
  ///   declared size against the limits, so inflating stops there).
  static func inflate(_ compressed: [UInt8], expectedSize: Int, name: String)
    throws(AnkiPackageError) -> [UInt8]
  {
    var stream = z_stream()
    // -15: raw deflate with a 32 KiB window, as zip members are stored.
    guard inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
    else { throw .corruptZip("zlib could not start inflating \"\(name)\"") }
    defer { inflateEnd(&stream) }
    var output = [UInt8](repeating: 0, count: min(expectedSize, step))
    var code = Z_OK
    var input = compressed
    input.withUnsafeMutableBufferPointer { source in
      stream.next_in = source.baseAddress
      stream.avail_in = uInt(source.count)
      while true {
        let produced = Int(stream.total_out)
        if produced == output.count {
          // One spare byte past the declared size shows a member that inflates to more.
          let grown = min(output.count + step, expectedSize + 1)
          if grown == output.count { break }
          output.append(contentsOf: repeatElement(0, count: grown - output.count))
        }
        code = output.withUnsafeMutableBufferPointer { target in
          stream.next_out = target.baseAddress.map { $0 + produced }
          stream.avail_out = uInt(target.count - produced)
          return CZlib.inflate(&stream, Z_NO_FLUSH)
        }
        if code != Z_OK { break }
        if stream.avail_in == 0 && Int(stream.total_out) < output.count { break }
      }
    }
    let produced = Int(stream.total_out)
    guard code == Z_STREAM_END else {
      if produced > expectedSize {
        throw .corruptZip("the member \"\(name)\" inflates past its declared size")
      }
      throw .corruptZip("the member \"\(name)\" is damaged or cut short")
    }
    guard produced == expectedSize else {
      throw .corruptZip("the member \"\(name)\" inflates to a size other than declared")
    }
    output.removeLast(output.count - produced)
    return output
  }
}
