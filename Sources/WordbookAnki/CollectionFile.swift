#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A package's collection written out to a file in a private temporary folder, so that SQLite
/// reads it from disk and memory never holds it, let alone twice (once as an array, once as
/// SQLite's copy).
///
/// The folder is made with `mkdtemp` (mode 0700), so no other program can place a journal or a
/// WAL file beside the collection; ``remove()`` deletes the file and the folder.
final class CollectionFile {
  /// The file's path.
  let path: String
  /// The folder made for it.
  private let folder: String
  private var descriptor: Int32
  /// How many bytes were written.
  private(set) var size = 0
  /// The first bytes written, up to SQLite's 100-byte header.
  private(set) var header: [UInt8] = []
  private var isRemoved = false

  /// An empty file in a new folder inside `parent`.
  ///
  /// - Throws: ``AnkiPackageError/temporaryFileFailed(_:errorNumber:)`` when the folder or the
  ///   file cannot be made.
  init(inside parent: String) throws(AnkiPackageError) {
    var template = Array("\(parent)/wordbook-apkg-XXXXXX".utf8CString)
    guard
      let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap(mkdtemp) })
    else {
      throw .temporaryFileFailed(parent, errorNumber: errno)
    }
    folder = String(cString: made)
    path = folder + "/collection.sqlite"
    descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else {
      let number = errno
      rmdir(folder)
      throw .temporaryFileFailed(parent, errorNumber: number)
    }
  }

  deinit { remove() }

  /// Appends the next bytes of the collection.
  ///
  /// A collection saved in WAL mode says so in header bytes 18 and 19; the copy has no WAL file
  /// and is only read, so it is written as the rollback-journal database it is without one.
  ///
  /// - Throws: ``AnkiPackageError/temporaryFileFailed(_:errorNumber:)`` when writing fails,
  ///   a full disk included.
  func append(_ bytes: ArraySlice<UInt8>) throws(AnkiPackageError) {
    var bytes = bytes
    if header.count < 100 {
      let start = bytes.startIndex
      for offset in 18...19 where offset >= size && offset < size + bytes.count {
        if bytes[start + offset - size] == 2 { bytes[start + offset - size] = 1 }
      }
      header += bytes.prefix(100 - header.count)
    }
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { raw in
        raw.baseAddress.map { write(descriptor, $0 + written, raw.count - written) } ?? 0
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { throw .temporaryFileFailed(folder, errorNumber: errno) }
      written += count
    }
    size += bytes.count
  }

  /// Closes the file once the whole collection is written.
  ///
  /// - Throws: ``AnkiPackageError/temporaryFileFailed(_:errorNumber:)`` when closing reports a
  ///   failed write.
  func finish() throws(AnkiPackageError) {
    let result = close(descriptor)
    descriptor = -1
    guard result == 0 else { throw .temporaryFileFailed(folder, errorNumber: errno) }
  }

  /// Deletes the file and its folder; calling it again does nothing.
  func remove() {
    guard !isRemoved else { return }
    isRemoved = true
    if descriptor >= 0 {
      close(descriptor)
      descriptor = -1
    }
    unlink(path)
    rmdir(folder)
  }
}
