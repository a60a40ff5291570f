import CZlib

/// Builds zip archives for tests, including the malformed ones a reader must refuse.
struct ZipBuilder {
  /// One member to write.
  struct Member {
    var name: String
    var content: [UInt8]
    var deflated = true
    /// The uncompressed size to declare instead of the real one.
    var declaredSize: Int?
    /// The CRC-32 to declare instead of the real one.
    var declaredCRC: UInt32?
    /// The earlier member whose local header and data this one's directory entry points at,
    /// as a crafted archive that inflates one stretch of data many times would.
    var sharesDataOf: Int?
  }

  var members: [Member] = []

  mutating func add(
    _ name: String, _ content: [UInt8], deflated: Bool = true, declaredSize: Int? = nil,
    declaredCRC: UInt32? = nil
  ) {
    members.append(
      Member(
        name: name, content: content, deflated: deflated, declaredSize: declaredSize,
        declaredCRC: declaredCRC))
  }

  /// Adds a directory entry named `name` for the data of the member at `index`.
  mutating func alias(_ name: String, of index: Int) {
    var member = members[index]
    member.name = name
    member.sharesDataOf = index
    members.append(member)
  }

  /// The archive's bytes.
  func bytes() -> [UInt8] {
    var output: [UInt8] = []
    var directory: [UInt8] = []
    var offsets: [UInt32] = []
    for member in members {
      let data = member.deflated ? Self.deflate(member.content) : member.content
      let crc =
        member.declaredCRC
        ?? UInt32(
          truncatingIfNeeded: member.content.withUnsafeBufferPointer {
            crc32(0, $0.baseAddress, uInt($0.count))
          })
      let name = Array(member.name.utf8)
      let size = UInt32(member.declaredSize ?? member.content.count)
      let method: UInt16 = member.deflated ? 8 : 0
      let offset = member.sharesDataOf.map { offsets[$0] } ?? UInt32(output.count)
      offsets.append(offset)
      if member.sharesDataOf == nil {
        output += le32(0x0403_4b50) + le16(20) + le16(0) + le16(method) + le16(0) + le16(0)
        output += le32(crc) + le32(UInt32(data.count)) + le32(size) + le16(UInt16(name.count))
        output += le16(0) + name + data
      }
      directory += le32(0x0201_4b50) + le16(20) + le16(20) + le16(0) + le16(method) + le16(0)
      directory += le16(0) + le32(crc) + le32(UInt32(data.count)) + le32(size)
      directory += le16(UInt16(name.count)) + le16(0) + le16(0) + le16(0) + le16(0) + le32(0)
      directory += le32(offset) + name
    }
    let directoryOffset = UInt32(output.count)
    output += directory
    output += le32(0x0605_4b50) + le16(0) + le16(0) + le16(UInt16(members.count))
    output += le16(UInt16(members.count)) + le32(UInt32(directory.count)) + le32(directoryOffset)
    output += le16(0)
    return output
  }

  /// Raw deflate at the best compression.
  static func deflate(_ input: [UInt8]) -> [UInt8] {
    var stream = z_stream()
    deflateInit2_(
      &stream, Z_BEST_COMPRESSION, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
      Int32(MemoryLayout<z_stream>.size))
    defer { deflateEnd(&stream) }
    var source = input
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))))
    source.withUnsafeMutableBufferPointer { sourceBuffer in
      output.withUnsafeMutableBufferPointer { target in
        stream.next_in = sourceBuffer.baseAddress
        stream.avail_in = uInt(sourceBuffer.count)
        stream.next_out = target.baseAddress
        stream.avail_out = uInt(target.count)
        _ = CZlib.deflate(&stream, Z_FINISH)
      }
    }
    return Array(output[..<Int(stream.total_out)])
  }

  private func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
  private func le32(_ value: UInt32) -> [UInt8] {
    (0..<4).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
  }
}
