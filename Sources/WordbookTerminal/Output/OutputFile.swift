#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a command writes: a file, a FIFO or device, or standard output, opened by rules that
/// keep an output from destroying what it must not.
///
/// - `-` is standard output.
/// - A target that is one of the ``ProtectedFiles`` (the open database, its `-wal` and `-shm`,
///   an input of the same command) is refused, by device and inode, so hard links, symlinks
///   and `..` paths are caught too.
/// - An existing regular file is replaced atomically: the bytes go to a file beside it, which
///   is flushed and renamed over it with the old file's permission bits. A symlink is followed
///   and stays a symlink.
/// - A new file is created in place and removed again if writing fails.
/// - A FIFO or character device is opened and written in place, never replaced; a directory,
///   socket or block device is refused.
///
/// Writes are buffered. A failed write, flush or close ends the command with exit status 1,
/// and ``discard()`` leaves no half-written file behind. A reader that closed the pipe early
/// ends the command quietly.
///
/// ```swift
/// let output = try OutputFile.open(path, for: "--output", protecting: protected)
/// try output.write("term,meaning\n")
/// try output.commit()
/// ```
final class OutputFile {
  private enum Target {
    /// Standard output: written, never closed.
    case standardOutput
    /// A FIFO or character device written in place.
    case inPlace
    /// A file this command created; removed when discarded.
    case created(path: String)
    /// A file written beside `target` and renamed over it on commit.
    case replacement(temporary: String, target: String)
  }

  /// The path as the user gave it, for messages.
  let name: String
  /// The open descriptor the bytes go to.
  let descriptor: Int32
  private let target: Target
  private var buffer: [UInt8] = []
  /// Whether the descriptor is still open.
  private var isOpen = true
  /// Whether the output was committed or discarded.
  private var isFinished = false
  /// The file a signal's exit deletes while the output is unfinished, registered with
  /// ``CommandInterruption``.
  private let deletedOnExit: Int?

  private static let bufferSize = 64 * 1024

  private init(name: String, descriptor: Int32, target: Target) {
    self.name = name
    self.descriptor = descriptor
    self.target = target
    switch target {
    case .standardOutput, .inPlace: deletedOnExit = nil
    case .created(let path): deletedOnExit = CommandInterruption.shared.deleteOnExit(path)
    case .replacement(let temporary, _):
      deletedOnExit = CommandInterruption.shared.deleteOnExit(temporary)
    }
    buffer.reserveCapacity(Self.bufferSize)
  }

  deinit {
    discard()
  }

  /// Standard output, refused when it is redirected onto a protected file.
  ///
  /// - Throws: ``CommandFailure`` when standard output is one of `protected`.
  static func standardOutput(protecting protected: ProtectedFiles) throws(CommandFailure)
    -> OutputFile
  {
    var info = stat()
    if fstat(STDOUT_FILENO, &info) == 0, let what = protected.match(FileIdentity(info)) {
      throw .runtime(.standardOutputProtected(what))
    }
    return OutputFile(name: "standard output", descriptor: STDOUT_FILENO, target: .standardOutput)
  }

  /// Opens `path` for writing by the rules above.
  ///
  /// - Parameters:
  ///   - path: The file, or `-` for standard output.
  ///   - option: The option that named it, such as `--output`, for messages.
  ///   - protected: The files this command must not write.
  /// - Throws: ``CommandFailure`` naming the file and what to do.
  static func open(_ path: String, for option: String, protecting protected: ProtectedFiles)
    throws(CommandFailure) -> OutputFile
  {
    if path == "-" { return try standardOutput(protecting: protected) }
    let shown = path.escapedForTerminal
    var info = stat()
    guard stat(path, &info) == 0 else {
      guard errno == ENOENT else { throw failure(opening: shown, errno: errno, option: option) }
      // A dangling symlink stays a symlink: the file is created where it points.
      let resolved = FilePath.resolvingSymlinks(path)
      if let what = protected.match(path: resolved) { throw refusal(shown, is: what, option) }
      return try create(resolved, name: shown, option: option)
    }
    if let what = protected.match(FileIdentity(info)) { throw refusal(shown, is: what, option) }
    switch info.st_mode & S_IFMT {
    case S_IFREG:
      return try replace(FilePath.real(path) ?? path, original: info, name: shown, option: option)
    case S_IFIFO, S_IFCHR:
      let descriptor = openFile(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
      guard descriptor >= 0 else { throw failure(opening: shown, errno: errno, option: option) }
      return OutputFile(name: shown, descriptor: descriptor, target: .inPlace)
    case S_IFDIR:
      throw .runtime(.outputIsFolder(name: shown, option: option))
    default:
      throw .runtime(.outputNotRegular(name: shown, option: option))
    }
  }

  /// Whether the bytes go to a terminal, where they must be escaped.
  var isTerminal: Bool { isatty(descriptor) == 1 }

  /// Whether the bytes go to standard output, also when it was named another way, such as
  /// `/dev/stdout`.
  var isStandardOutput: Bool {
    if case .standardOutput = target { return true }
    var mine = stat()
    var standard = stat()
    guard fstat(descriptor, &mine) == 0, fstat(STDOUT_FILENO, &standard) == 0 else { return false }
    return FileIdentity(mine) == FileIdentity(standard)
  }

  /// Writes `text` as UTF-8, buffered.
  ///
  /// - Throws: ``CommandFailure`` when the bytes cannot be written.
  func write(_ text: String) throws(CommandFailure) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= Self.bufferSize { try flush() }
  }

  /// Writes `text` and a line feed.
  func writeLine(_ text: String) throws(CommandFailure) {
    try write(text)
    try write("\n")
  }

  /// Writes one line that `build` appends to the buffered bytes, a line feed after it: the
  /// way to write many short fields, as `words` writes a million lines, without a string for
  /// each.
  func writeLine(_ build: (inout OutputLine) -> Void) throws(CommandFailure) {
    var line = OutputLine(bytes: buffer)
    buffer = []
    build(&line)
    line.bytes.append(UInt8(ascii: "\n"))
    buffer = line.bytes
    if buffer.count >= Self.bufferSize { try flush() }
  }

  /// Writes out the buffered bytes.
  ///
  /// - Throws: ``CommandFailure``: quiet when the reader closed the pipe, else naming the
  ///   file and the system's reason.
  func flush() throws(CommandFailure) {
    defer { buffer.removeAll(keepingCapacity: true) }
    let failed: Int32? = buffer.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        guard let base = bytes.baseAddress else { return nil }
        let written = writeBytes(descriptor, base + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR || errno == EAGAIN { continue }
          return errno
        }
        offset += written
      }
      return nil
    }
    if let failed { throw writeFailure(errno: failed) }
  }

  /// Finishes the output: flushes, syncs to the disk, closes and, for a replaced file, renames
  /// it into place.
  ///
  /// - Throws: ``CommandFailure``; the half-written file is removed first. Does nothing once
  ///   the output is committed or discarded.
  func commit() throws(CommandFailure) {
    guard !isFinished else { return }
    do throws(CommandFailure) {
      try flush()
      switch target {
      case .standardOutput:
        break
      case .inPlace:
        try close()
      case .created:
        guard fsync(descriptor) == 0 else { throw writeFailure(errno: errno) }
        try close()
      case .replacement(let temporary, let path):
        guard fsync(descriptor) == 0 else { throw writeFailure(errno: errno) }
        try close()
        guard rename(temporary, path) == 0 else { throw writeFailure(errno: errno) }
        FilePath.syncFolder(of: path)
      }
      isFinished = true
      if let deletedOnExit { CommandInterruption.shared.remove(deletedOnExit) }
    } catch {
      discard()
      throw error
    }
  }

  /// Abandons the output: a file this command created or a replacement in progress is removed;
  /// an existing file is left as it was. Does nothing once the output is committed.
  func discard() {
    buffer.removeAll()
    guard !isFinished else { return }
    isFinished = true
    if let deletedOnExit { CommandInterruption.shared.remove(deletedOnExit) }
    switch target {
    case .standardOutput: return
    case .inPlace: break
    case .created(let path): unlink(path)
    case .replacement(let temporary, _): unlink(temporary)
    }
    if isOpen { _ = closeDescriptor(descriptor) }
    isOpen = false
  }

  private func close() throws(CommandFailure) {
    isOpen = false
    guard closeDescriptor(descriptor) == 0 || errno == EINTR else {
      throw writeFailure(errno: errno)
    }
  }

  // MARK: Opening

  private static func create(_ path: String, name: String, option: String)
    throws(CommandFailure) -> OutputFile
  {
    let descriptor = openFile(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { throw failure(opening: name, errno: errno, option: option) }
    return OutputFile(name: name, descriptor: descriptor, target: .created(path: path))
  }

  private static func replace(_ path: String, original: stat, name: String, option: String)
    throws(CommandFailure) -> OutputFile
  {
    // The replacement must be writable where the original is: a file marked read-only is
    // honoured even by a user (such as root) whom the system would let write anyway.
    guard original.st_mode & 0o222 != 0, access(path, W_OK) == 0 else {
      throw .runtime(.outputReadOnly(name: name, option: option))
    }
    let temporary =
      FilePath.folder(of: path) + "/." + FilePath.fileName(of: path)
      + ".wordbook-\(getpid()).tmp"
    let descriptor = openFile(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw failure(opening: name, errno: errno, option: option) }
    if getuid() == 0 { _ = fchown(descriptor, original.st_uid, original.st_gid) }
    _ = fchmod(descriptor, original.st_mode & 0o7777)
    return OutputFile(
      name: name, descriptor: descriptor,
      target: .replacement(temporary: temporary, target: path))
  }

  private static func refusal(_ name: String, is what: ProtectedFiles.Kind, _ option: String)
    -> CommandFailure
  {
    .runtime(.outputProtected(name: name, what, option: option))
  }

  private static func failure(opening name: String, errno code: Int32, option: String)
    -> CommandFailure
  {
    .runtime(
      .cannotOpenOutput(name: name, detail: String(cString: strerror(code)), option: option))
  }

  private func writeFailure(errno code: Int32) -> CommandFailure {
    if code == EPIPE { return .closedPipe }
    if case .standardOutput = target {
      return .runtime(.cannotWriteStandardOutput(detail: String(cString: strerror(code))))
    }
    return .runtime(.cannotWrite(name: name, detail: String(cString: strerror(code))))
  }
}

/// `open(2)`, named apart from ``OutputFile/open(_:for:protecting:)``.
private func openFile(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
  open(path, flags, mode)
}

/// `write(2)`, named apart from ``OutputFile/write(_:)``.
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}

/// `close(2)`, named apart from the output's own `close()`.
private func closeDescriptor(_ descriptor: Int32) -> Int32 {
  close(descriptor)
}
