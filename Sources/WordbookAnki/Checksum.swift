import CZlib

/// The checksums zlib provides, used for zip's integrity check and for naming media files.
enum Checksum {
  /// The CRC-32 zip records for a member's content, continuing the CRC-32 of the bytes before
  /// `bytes` when the content comes in pieces.
  static func crc32(_ bytes: ArraySlice<UInt8>, continuing crc: UInt32 = 0) -> UInt32 {
    bytes.withUnsafeBufferPointer { buffer in
      UInt32(
        truncatingIfNeeded: CZlib.crc32(uLong(crc), buffer.baseAddress, uInt(buffer.count)))
    }
  }

  /// A 64-bit name for content: its CRC-32 and Adler-32 side by side, in hex.
  ///
  /// Neither is a cryptographic hash, and the machine has no cryptographic library by default,
  /// so two different files can share this name; ``MediaFolder`` compares contents when a name
  /// is taken, so that never makes two images share a file.
  static func contentName(_ bytes: [UInt8]) -> String {
    let adler = bytes.withUnsafeBufferPointer { buffer in
      UInt32(truncatingIfNeeded: adler32(1, buffer.baseAddress, uInt(buffer.count)))
    }
    return hex(crc32(bytes[...])) + hex(adler)
  }

  private static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 8 - digits.count) + digits
  }
}
