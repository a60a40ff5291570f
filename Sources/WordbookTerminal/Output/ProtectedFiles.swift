#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The files one command must never write: its database with the files SQLite keeps beside
/// it.
///
/// A file is recognized by device and inode when it exists, so another name for it (a hard
/// link, a symlink, a path through `..`) is caught too, and by its canonical path when it does
/// not exist yet (the database's `-wal` before SQLite creates it).
struct ProtectedFiles {
  /// What a protected file is.
  enum Kind: Hashable, Sendable {
    /// The open database.
    case database
    /// A file SQLite keeps beside the open database.
    case databaseFile
  }

  private struct Entry {
    var path: String
    var kind: Kind
  }

  private var entries: [Entry] = []

  /// Protects the database at `path` and the `-wal`, `-shm` and `-journal` files beside it.
  mutating func addDatabase(_ path: String) {
    entries.append(Entry(path: path, kind: .database))
    for suffix in ["-wal", "-shm", "-journal"] {
      entries.append(Entry(path: path + suffix, kind: .databaseFile))
    }
  }

  /// What the existing file `identity` is, if it is protected.
  func match(_ identity: FileIdentity) -> Kind? {
    entries.first { FileIdentity(path: $0.path) == identity }?.kind
  }

  /// What the file that would be created at `path` is, if it is protected.
  func match(path: String) -> Kind? {
    guard let canonical = FilePath.canonical(path) else { return nil }
    return entries.first { FilePath.canonical($0.path) == canonical }?.kind
  }
}

/// A file's device and inode: the same for every name of one file.
struct FileIdentity: Hashable {
  var device: UInt64
  var inode: UInt64

  /// The identity of the file `info` describes.
  init(_ info: stat) {
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
  }

  /// The identity of the file at `path`, following symlinks, or `nil` when there is none.
  init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    self.init(info)
  }
}

/// Path operations done before a file is written.
enum FilePath {
  /// The folder part of `path` (`.` for a bare file name).
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let folder = String(path[..<slash])
    return folder.isEmpty ? "/" : folder
  }

  /// The last component of `path`.
  static func fileName(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  /// The file a missing `path` finally names after following symlinks, even a dangling one,
  /// so that creating it there keeps the links as they are.
  static func resolvingSymlinks(_ path: String) -> String {
    var current = path
    for _ in 0..<40 {
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink(current, &buffer, buffer.count - 1)
      guard count > 0 else { return current }
      let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current = target.hasPrefix("/") ? target : folder(of: current) + "/" + target
    }
    return current
  }

  /// The absolute path of the existing file `path` names, free of symlinks and `..`.
  static func real(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// `path` with its folder made absolute and free of symlinks and `..`, or `nil` when the
  /// folder does not exist.
  static func canonical(_ path: String) -> String? {
    guard let folder = realpath(folder(of: path), nil) else { return nil }
    defer { free(folder) }
    return String(cString: folder) + "/" + fileName(of: path)
  }

  /// Flushes the folder holding `path`, so a rename into it survives a power cut.
  static func syncFolder(of path: String) {
    let descriptor = open(folder(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    _ = fsync(descriptor)
    close(descriptor)
  }
}
