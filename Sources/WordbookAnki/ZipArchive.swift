#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A zip archive's table of contents, read from its central directory, and its members on
/// demand.
///
/// Only what `.apkg` packages use is supported: stored and deflated members without
/// encryption or zip64. Reading is defensive, since a package is untrusted: every offset and
/// size is checked against the file, member paths that are absolute or climb out with `..` are
/// refused, as are two members with one name or whose bytes overlap (a member inflated once per
/// reference would multiply the work), each member's CRC-32 is checked, a member may not inflate
/// past ``ZipLimits/maximumMemberSize`` or ``ZipLimits/maximumRatio`` times its compressed size,
/// and all that is read may not expand past ``ZipLimits/allowedExpansion(packageSize:)``.
///
/// The reader is written here over zlib rather than taken from libarchive or libzip: zlib is
/// the field's inflater and is on every machine, while either library would be one more
/// package to install for every `.apkg` import, and reading each member once, in bounds, is
/// what these checks already ensure.
///
/// ```swift
/// let archive = try ZipArchive(bytes: packageBytes)
/// if let entry = archive.entry(named: "media") {
///   let json = try archive.contents(of: entry)
/// }
/// ```
public struct ZipArchive: Sendable {
  /// The members, in central-directory order.
  public let entries: [ZipEntry]
  /// How large a member may inflate.
  public let limits: ZipLimits
  private let source: ZipSource

  /// Reads the table of contents of an archive held in memory.
  ///
  /// - Parameters:
  ///   - bytes: The whole archive.
  ///   - limits: How large a member may inflate.
  /// - Throws: ``AnkiPackageError`` when the bytes are not a zip archive this reader supports.
  public init(bytes: [UInt8], limits: ZipLimits = ZipLimits()) throws(AnkiPackageError) {
    try self.init(source: .bytes(bytes), limits: limits)
  }

  /// Reads the table of contents of the archive in an open file; members are read from the file
  /// when asked for, so memory never holds the whole archive.
  ///
  /// - Parameters:
  ///   - fileDescriptor: An open regular file; the archive keeps using it, so the caller closes
  ///     it only when done with the archive.
  ///   - limits: How large a member may inflate.
  /// - Throws: ``AnkiPackageError`` when the file cannot be read or is not a zip archive this
  ///   reader supports.
  public init(fileDescriptor: Int32, limits: ZipLimits = ZipLimits()) throws(AnkiPackageError) {
    var status = stat()
    guard fstat(fileDescriptor, &status) == 0 else { throw .readFailed(errorNumber: errno) }
    try self.init(source: .file(fileDescriptor, size: Int(status.st_size)), limits: limits)
  }

  private init(source: ZipSource, limits: ZipLimits) throws(AnkiPackageError) {
    self.source = source
    self.limits = limits
    let size = source.size
    guard size >= 22 else { throw .corruptZip(.tooShort) }
    // The end record is 22 bytes plus a comment of up to 65,535 bytes, at the end of the file.
    let tailStart = max(0, size - 22 - 0xFFFF)
    let tail = try source.read(at: tailStart, count: size - tailStart)
    guard
      let end = stride(from: tail.count - 22, through: 0, by: -1).first(where: {
        tail.uint32(at: $0) == 0x0605_4b50
      })
    else { throw .corruptZip(.noDirectoryEnd) }
    let count = Int(tail.uint16(at: end + 10))
    let directorySize = Int(tail.uint32(at: end + 12))
    let directoryOffset = Int(tail.uint32(at: end + 16))
    if count == 0xFFFF || directoryOffset == 0xFFFF_FFFF || directorySize == 0xFFFF_FFFF {
      throw .unsupportedZip(.zip64)
    }
    guard directoryOffset + directorySize <= tailStart + end else {
      throw .corruptZip(.directoryOutsideFile)
    }
    let directory = try source.read(at: directoryOffset, count: directorySize)
    var entries: [ZipEntry] = []
    entries.reserveCapacity(count)
    var position = 0
    for _ in 0..<count {
      guard position + 46 <= directory.count, directory.uint32(at: position) == 0x0201_4b50 else {
        throw .corruptZip(.damagedDirectoryEntry)
      }
      let nameLength = Int(directory.uint16(at: position + 28))
      let extraLength = Int(directory.uint16(at: position + 30))
      let commentLength = Int(directory.uint16(at: position + 32))
      let next = position + 46 + nameLength + extraLength + commentLength
      guard next <= directory.count else {
        throw .corruptZip(.directoryEntryOverruns)
      }
      let name = String(
        decoding: directory[(position + 46)..<(position + 46 + nameLength)], as: UTF8.self)
      guard ZipEntry.isSafe(path: name) else { throw .unsafePath(name) }
      entries.append(
        ZipEntry(
          name: name, flags: directory.uint16(at: position + 8),
          method: directory.uint16(at: position + 10), crc32: directory.uint32(at: position + 16),
          compressedSize: Int(directory.uint32(at: position + 20)),
          uncompressedSize: Int(directory.uint32(at: position + 24)),
          localHeaderOffset: Int(directory.uint32(at: position + 42))))
      position = next
    }
    try Self.locateData(of: &entries, in: source, dataEnd: directoryOffset)
    self.entries = entries
  }

  /// Reads each member's local header to find where its data starts, and refuses two members
  /// with one name or whose header and data overlap. No member's data may reach past
  /// `dataEnd`, where the central directory starts.
  private static func locateData(
    of entries: inout [ZipEntry], in source: ZipSource, dataEnd: Int
  ) throws(AnkiPackageError) {
    var names: Set<String> = []
    for index in entries.indices {
      let entry = entries[index]
      guard names.insert(entry.name).inserted else { throw .duplicateMember(entry.name) }
      guard entry.localHeaderOffset + 30 <= dataEnd else {
        throw .corruptZip(.memberOutsideFile(entry.name))
      }
      let header = try source.read(at: entry.localHeaderOffset, count: 30)
      guard header.uint32(at: 0) == 0x0403_4b50 else {
        throw .corruptZip(.noLocalHeader(entry.name))
      }
      let start =
        entry.localHeaderOffset + 30 + Int(header.uint16(at: 26)) + Int(header.uint16(at: 28))
      guard start + entry.compressedSize <= dataEnd else {
        throw .corruptZip(.memberOverruns(entry.name))
      }
      entries[index].dataOffset = start
    }
    let inFileOrder = entries.sorted { $0.localHeaderOffset < $1.localHeaderOffset }
    for (first, second) in zip(inFileOrder, inFileOrder.dropFirst())
    where second.localHeaderOffset < first.dataOffset + first.compressedSize {
      throw .overlappingMembers(first.name, second.name)
    }
  }

  /// The first member with exactly this path, if any.
  public func entry(named name: String) -> ZipEntry? {
    entries.first { $0.name == name }
  }

  /// The size of the archive's file.
  public var fileSize: Int { source.size }

  /// A member's content, inflated and checked against its CRC-32.
  ///
  /// - Parameter entry: One of ``entries``.
  /// - Returns: The member's bytes.
  /// - Throws: ``AnkiPackageError/memberTooLarge(_:limit:)`` for a member past the limits,
  ///   ``AnkiPackageError/checksumMismatch(_:)`` for damaged content,
  ///   ``AnkiPackageError/unsupportedZip(_:)`` for encryption or an unknown method, and
  ///   ``AnkiPackageError/corruptZip(_:)`` for a damaged or truncated member.
  /// - Complexity: O(*n*) in the member's size, which is also the memory it takes.
  public func contents(of entry: ZipEntry) throws(AnkiPackageError) -> [UInt8] {
    try contents(of: entry, budget: ExpansionBudget(limit: allowedExpansion))
  }

  /// How many bytes all that is read from this archive may expand to.
  var allowedExpansion: Int { limits.allowedExpansion(packageSize: fileSize) }

  /// A member's content, its size spent from `budget`.
  func contents(of entry: ZipEntry, budget: ExpansionBudget) throws(AnkiPackageError) -> [UInt8] {
    // Grown as the pieces come, so a member is never given memory it has not shown it needs.
    var content: [UInt8] = []
    try stream(entry, budget: budget) { piece throws(AnkiPackageError) in content += piece }
    return content
  }

  /// Reads a member a piece at a time, handing each piece of its content to `sink`, and checks
  /// its size and CRC-32 at the end; its declared size is spent from `budget` before anything
  /// is read, since it never inflates past that.
  ///
  /// - Throws: As ``contents(of:)``, ``AnkiPackageError/packageTooLarge(_:limit:)`` past the
  ///   budget, and what `sink` throws. The pieces handed on before an error are not checked.
  func stream(
    _ entry: ZipEntry, budget: ExpansionBudget,
    into sink: (ArraySlice<UInt8>) throws(AnkiPackageError) -> Void
  ) throws(AnkiPackageError) {
    if entry.flags & 1 != 0 { throw .unsupportedZip(.encryption) }
    guard entry.method == 0 || entry.method == 8 else {
      throw .unsupportedZip(.compressionMethod(entry.method))
    }
    let allowed = limits.allowedSize(compressedSize: entry.compressedSize)
    guard entry.uncompressedSize <= allowed else {
      throw .memberTooLarge(entry.name, limit: allowed)
    }
    if entry.method == 0 && entry.compressedSize != entry.uncompressedSize {
      throw .corruptZip(.storedSizesDiffer(entry.name))
    }
    try budget.spend(entry.uncompressedSize, on: entry.name)
    var produced = 0
    var crc = UInt32(0)
    func deliver(_ piece: ArraySlice<UInt8>) throws(AnkiPackageError) {
      produced += piece.count
      guard produced <= entry.uncompressedSize else {
        throw .corruptZip(.inflatesPastSize(entry.name))
      }
      crc = Checksum.crc32(piece, continuing: crc)
      try sink(piece)
    }
    let inflater = entry.method == 8 ? try Inflater(name: entry.name) : nil
    var ended = false
    var offset = 0
    while offset < entry.compressedSize && !ended {
      let count = min(Self.readSize, entry.compressedSize - offset)
      let data = try source.read(at: entry.dataOffset + offset, count: count)
      offset += count
      if let inflater {
        ended = try inflater.inflate(data, into: deliver)
      } else {
        try deliver(data[...])
      }
    }
    if inflater != nil && !ended {
      throw .corruptZip(.damagedMember(entry.name))
    }
    guard produced == entry.uncompressedSize else {
      throw .corruptZip(.inflatesToOtherSize(entry.name))
    }
    guard crc == entry.crc32 else { throw .checksumMismatch(entry.name) }
  }

  /// How much of a member's data is read from the file at a time.
  private static let readSize = 1 << 16
}

/// Where an archive's bytes come from.
private enum ZipSource: Sendable {
  case bytes([UInt8])
  case file(Int32, size: Int)

  var size: Int {
    switch self {
    case .bytes(let bytes): bytes.count
    case .file(_, let size): size
    }
  }

  /// `count` bytes from `offset`, which the caller has checked lie inside the source.
  func read(at offset: Int, count: Int) throws(AnkiPackageError) -> [UInt8] {
    guard offset >= 0, count >= 0, offset + count <= size else {
      throw .corruptZip(.outsideFile)
    }
    switch self {
    case .bytes(let bytes):
      return Array(bytes[offset..<(offset + count)])
    case .file(let descriptor, _):
      var buffer = [UInt8](repeating: 0, count: count)
      var done = 0
      while done < count {
        let got = buffer.withUnsafeMutableBytes { raw in
          raw.baseAddress.map {
            pread(descriptor, $0 + done, count - done, off_t(offset + done))
          } ?? 0
        }
        if got < 0 && errno == EINTR { continue }
        guard got >= 0 else { throw .readFailed(errorNumber: errno) }
        guard got > 0 else { throw .corruptZip(.endsEarly) }
        done += got
      }
      return buffer
    }
  }
}

extension [UInt8] {
  /// The little-endian 16-bit number at `offset`, which the caller has checked is inside.
  fileprivate func uint16(at offset: Int) -> UInt16 {
    UInt16(self[offset]) | UInt16(self[offset + 1]) << 8
  }

  /// The little-endian 32-bit number at `offset`, which the caller has checked is inside.
  fileprivate func uint32(at offset: Int) -> UInt32 {
    UInt32(self[offset]) | UInt32(self[offset + 1]) << 8 | UInt32(self[offset + 2]) << 16
      | UInt32(self[offset + 3]) << 24
  }
}
