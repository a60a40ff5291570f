import Wordbook

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The checks and folder creation done before SQLite sees a path, so a bad location gets a
/// clear error and a file that is not ours is never written.
enum FileSystem {
  /// What is at a path.
  enum Entry {
    case missing
    /// A regular file; `links` counts its names (hard links) in the file system.
    case file(size: Int64, writable: Bool, links: Int)
    case folder(writable: Bool)
    case other
  }

  /// The first 16 bytes of every SQLite database file.
  static let sqliteHeader = Array("SQLite format 3\0".utf8)

  /// What is at `path`. "Writable" means some write permission bit is set: a file or folder
  /// marked read-only is honoured even by a user (such as root) whom the system would let
  /// write anyway.
  static func entry(at path: String) -> Entry {
    var info = stat()
    guard stat(path, &info) == 0 else { return .missing }
    let writable = info.st_mode & 0o222 != 0
    switch info.st_mode & S_IFMT {
    case S_IFREG:
      return .file(size: Int64(info.st_size), writable: writable, links: Int(info.st_nlink))
    case S_IFDIR: return .folder(writable: writable)
    default: return .other
    }
  }

  /// The folder part of `path` (`.` for a bare file name).
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let folder = String(path[..<slash])
    return folder.isEmpty ? "/" : folder
  }

  /// Creates `folder` and any missing parents, like `mkdir -p`.
  static func createFolder(_ folder: String) throws(WordServiceError) {
    var prefix = folder.hasPrefix("/") ? "/" : ""
    var parentIsWritable = true
    for component in folder.split(separator: "/") {
      prefix += component
      switch entry(at: prefix) {
      case .folder(let writable): parentIsWritable = writable
      case .missing:
        guard parentIsWritable else { throw folderError(folder, errno: EACCES) }
        if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
          throw folderError(folder, errno: errno)
        }
      case .file, .other:
        throw .storage(.other, .folderIsFile(part: prefix), during: .createFolder, path: folder)
      }
      prefix += "/"
    }
  }

  /// Whether the file at `path` starts like a SQLite database.
  static func hasSQLiteHeader(_ path: String) -> Bool {
    guard let file = fopen(path, "rb") else { return false }
    defer { fclose(file) }
    var bytes = [UInt8](repeating: 0, count: sqliteHeader.count)
    let count = fread(&bytes, 1, bytes.count, file)
    return count == bytes.count && bytes == sqliteHeader
  }

  private static func folderError(_ folder: String, errno code: Int32) -> WordServiceError {
    switch code {
    case EACCES, EPERM, EROFS:
      return .storage(.readOnly, .readOnly, during: .createFolder, path: folder)
    case ENOSPC, EDQUOT:
      return .storage(.storageFull, .full, during: .createFolder, path: folder, isRetryable: true)
    default:
      return .storage(
        .other, .system(detail: String(cString: strerror(code))), during: .createFolder,
        path: folder)
    }
  }
}
