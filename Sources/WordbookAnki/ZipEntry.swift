/// One member of a ``ZipArchive``, as its central directory describes it.
public struct ZipEntry: Hashable, Sendable {
  /// The member's path inside the archive.
  public var name: String
  /// The general-purpose flags (bit 0: encrypted).
  var flags: UInt16
  /// The compression method: 0 stored, 8 deflated.
  var method: UInt16
  /// The CRC-32 of the uncompressed content.
  var crc32: UInt32
  /// The size of the member's data in the archive.
  public var compressedSize: Int
  /// The size the member's data inflates to, as the archive declares it.
  public var uncompressedSize: Int
  /// Where the member's local header starts.
  var localHeaderOffset: Int
  /// Where the member's data starts, after its local header: found when the archive is opened.
  var dataOffset = 0

  /// Whether a member path stays inside the folder it would be extracted to: not absolute, no
  /// drive letter, no `..` component, no NUL.
  static func isSafe(path: String) -> Bool {
    let bytes = Array(path.utf8)
    if bytes.first == UInt8(ascii: "/") || bytes.first == UInt8(ascii: "\\") { return false }
    if bytes.count >= 2 && bytes[1] == UInt8(ascii: ":") { return false }
    if bytes.contains(0) { return false }
    let components = bytes.split(
      omittingEmptySubsequences: false, whereSeparator: { $0 == 0x2F || $0 == 0x5C })
    return !components.contains { $0.elementsEqual("..".utf8) }
  }
}
