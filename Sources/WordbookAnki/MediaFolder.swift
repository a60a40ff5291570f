import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The folder beside a wordbook database where imported pictures are kept, each named by its
/// content so the same picture is stored once.
///
/// Files are first written into a hidden folder of this import's own, ``stagingPath``;
/// ``commit()`` moves them to their names once the words that refer to them are saved, and
/// ``discard()`` deletes them when the import fails, so a failed import leaves the folder as it
/// was. A process that must exit at once (on a signal) deletes the staging folder and its
/// files; the staging folders of processes killed before they could are deleted by the next
/// import. Nothing is written outside the folder: names are made here from a hash and a known
/// extension, never taken from a package.
///
/// Names are a 64-bit checksum of the content (CRC-32 and Adler-32 from zlib: the machine has no
/// cryptographic hash by default). Two different pictures may share a checksum, so a name that
/// is taken is compared byte for byte; a different picture gets the next free `-2`, `-3`, …
/// name, and two different pictures never share a file.
public final class MediaFolder {
  /// The folder's path.
  public let path: String
  /// The hidden folder inside ``path`` that holds this import's new files until commit or
  /// discard; only this import writes in it.
  public let stagingPath: String
  /// The path in the staging folder of each new name's file, until commit or discard.
  private var staged: [String: String] = [:]
  private var createdFolder = false
  private var createdStaging = false

  /// Tells apart the staging folders of imports in one process.
  private static let nextStaging = Atomic(0)

  /// A media folder at `path`, created when the first file is stored.
  public init(path: String) {
    self.path = path
    let number = Self.nextStaging.add(1, ordering: .relaxed).newValue
    stagingPath = "\(path)/.staging-\(getpid())-\(number)"
  }

  /// The folder for the database at `databasePath`: `<database>.media` beside it.
  public static func beside(databasePath: String) -> MediaFolder {
    MediaFolder(path: databasePath + ".media")
  }

  /// How many new files the import wrote (names not already in the folder).
  public var newFileCount: Int { staged.count }

  /// Stores a picture, returning the name it is kept under in the folder.
  ///
  /// - Parameters:
  ///   - bytes: The picture.
  ///   - fileExtension: Its extension, lowercase letters and digits only (the caller checked).
  /// - Returns: The file's name inside the folder.
  /// - Throws: ``AnkiPackageError/mediaWriteFailed(_:errorNumber:)`` when the folder or file
  ///   cannot be written.
  public func store(_ bytes: [UInt8], fileExtension: String) throws(AnkiPackageError) -> String {
    try createStagingIfNeeded()
    let base = Checksum.contentName(bytes)
    var number = 1
    while true {
      let name = number == 1 ? "\(base).\(fileExtension)" : "\(base)-\(number).\(fileExtension)"
      let existing = staged[name] ?? "\(path)/\(name)"
      switch Self.contents(of: existing) {
      case .some(let stored) where stored == bytes:
        return name
      case .some:
        number += 1
        continue
      case .none:
        break
      }
      let temporary = "\(stagingPath)/\(name)"
      try writeFile(bytes, to: temporary)
      staged[name] = temporary
      return name
    }
  }

  /// Gives the files written by this import their names.
  ///
  /// - Throws: ``AnkiPackageError/mediaWriteFailed(_:errorNumber:)`` when a rename fails.
  public func commit() throws(AnkiPackageError) {
    for (name, temporary) in staged.sorted(by: { $0.key < $1.key }) {
      guard rename(temporary, "\(path)/\(name)") == 0 else {
        throw .mediaWriteFailed(path, errorNumber: errno)
      }
      staged[name] = nil
    }
    removeStaging()
  }

  /// Deletes the files written by this import, and the folder if this import created it.
  public func discard() {
    for temporary in staged.values { unlink(temporary) }
    staged = [:]
    removeStaging()
    if createdFolder { rmdir(path) }
  }

  private func removeStaging() {
    if createdStaging { rmdir(stagingPath) }
    createdStaging = false
  }

  private func createStagingIfNeeded() throws(AnkiPackageError) {
    if !createdStaging {
      try createFolder()
      removeAbandonedStaging()
      guard mkdir(stagingPath, 0o700) == 0 else {
        throw .mediaWriteFailed(path, errorNumber: errno)
      }
      createdStaging = true
    }
  }

  /// Deletes what imports killed before they could clean up left behind (`kill -9`, a power
  /// cut): the staging folders of processes that no longer run, and the `.NAME.PID.partial`
  /// files earlier versions staged pictures in.
  private func removeAbandonedStaging() {
    for name in Self.names(in: path) where name.hasPrefix(".") {
      let parts = name.split(separator: name.hasPrefix(".staging-") ? "-" : ".")
      // `.staging-PID-N` (with `.deleting` after it while one is deleted) and
      // `.NAME.PID.partial`.
      let pid: Int32?
      if name.hasPrefix(".staging-"), parts.count >= 3 {
        pid = Int32(parts[1])
      } else if name.hasSuffix(".partial"), parts.count >= 3 {
        pid = Int32(parts[parts.count - 2])
      } else {
        pid = nil
      }
      guard let pid, pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
      let abandoned = "\(path)/\(name)"
      if unlink(abandoned) != 0 {
        for file in Self.names(in: abandoned) { unlink("\(abandoned)/\(file)") }
        rmdir(abandoned)
      }
    }
  }

  /// The names in a folder, without `.` and `..`; none when it cannot be read.
  private static func names(in folder: String) -> [String] {
    guard let stream = opendir(folder) else { return [] }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  private func createFolder() throws(AnkiPackageError) {
    if mkdir(path, 0o755) == 0 {
      createdFolder = true
      return
    }
    guard errno == EEXIST else { throw .mediaWriteFailed(path, errorNumber: errno) }
    var status = stat()
    guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
      throw .mediaWriteFailed(path, errorNumber: ENOTDIR)
    }
  }

  private func writeFile(_ bytes: [UInt8], to file: String) throws(AnkiPackageError) {
    let descriptor = open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
    guard descriptor >= 0 else { throw .mediaWriteFailed(path, errorNumber: errno) }
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { raw in
        raw.baseAddress.map { write(descriptor, $0 + written, raw.count - written) } ?? 0
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        let number = errno
        close(descriptor)
        unlink(file)
        throw .mediaWriteFailed(path, errorNumber: number)
      }
      written += count
    }
    guard fsync(descriptor) == 0, close(descriptor) == 0 else {
      unlink(file)
      throw .mediaWriteFailed(path, errorNumber: errno)
    }
  }

  /// A regular file's bytes, or `nil` when there is no such file.
  private static func contents(of file: String) -> [UInt8]? {
    let descriptor = open(file, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { raw in
        raw.baseAddress.map { read(descriptor, $0, raw.count) } ?? 0
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return bytes }
      bytes += chunk[..<count]
    }
  }
}
