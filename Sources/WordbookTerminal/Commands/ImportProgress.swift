import StoreCore

#if canImport(Glibc)
  import Glibc
#endif

/// A running count of imported rows on standard error for large imports, with how much of the
/// file has been read, drawn only when it is a terminal.
///
/// The import streams the file, so the number of rows is not known in advance; the share of
/// the file's bytes read so far (the descriptor's position out of its size) is the total a
/// learner can judge the wait by. A pipe has no size: only the count shows. The service reports
/// progress from whatever thread runs the import, so whether the count is on screen lives
/// behind a mutex.
final class ImportProgress: Sendable {
  /// Imports smaller than this finish too fast for a count to help.
  static let minimumRows = 5_000

  private let output = TerminalOutput.standardError
  private let isTerminal: Bool
  private let isDrawn = Locked(false)
  private let catalogue: any TerminalCatalogue
  /// The descriptor being read and its size in bytes, when it is a regular file with bytes.
  private let file: (descriptor: Int32, size: Int64)?

  /// Creates the progress of an import reading `file`, if it is a descriptor with a size.
  init(catalogue: any TerminalCatalogue, file: Int32? = nil) {
    isTerminal = output.isTerminal
    self.catalogue = catalogue
    var status = stat()
    if let file, fstat(file, &status) == 0,
      status.st_mode & mode_t(S_IFMT) == mode_t(S_IFREG), status.st_size > 0
    {
      self.file = (file, Int64(status.st_size))
    } else {
      self.file = nil
    }
  }

  /// How much of the file has been read, in percent, or `nil` without a file that has a size.
  func percentRead() -> Int? {
    guard let file else { return nil }
    let position = lseek(file.descriptor, 0, SEEK_CUR)
    guard position >= 0 else { return nil }
    return Int(min(Int64(position) * 100 / file.size, 100))
  }

  /// Draws the count of `processed` rows and the share of the file read.
  @Sendable func report(_ processed: Int) {
    guard isTerminal && processed >= Self.minimumRows else { return }
    isDrawn.withLock { $0 = true }
    _ = output.write(
      "\r" + catalogue.text(.importing(rows: processed, percentRead: percentRead())) + "\u{1B}[K")
  }

  /// Clears the count.
  func finish() {
    guard isDrawn.withLock({ $0 }) else { return }
    _ = output.write("\r\u{1B}[K")
  }
}
