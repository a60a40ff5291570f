import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A progress bar on standard error for large imports, drawn only when it is a terminal.
///
/// The service reports progress from whatever thread runs the import, so the last drawn
/// percentage lives behind a mutex.
final class ImportProgress: Sendable {
  /// Imports smaller than this finish too fast for a bar to help.
  static let minimumRows = 5_000

  private let total: Int
  private let output = TerminalOutput.standardError
  private let isShown: Bool
  private let lastPercent = Mutex(-1)

  init(total: Int) {
    self.total = total
    isShown = total >= Self.minimumRows && output.isTerminal
  }

  /// Draws the bar for `processed` rows, when the percentage changed.
  @Sendable func report(_ processed: Int) {
    guard isShown else { return }
    let percent = min(processed * 100 / max(total, 1), 100)
    let changed = lastPercent.withLock { last in
      guard percent != last else { return false }
      last = percent
      return true
    }
    guard changed else { return }
    let filled = percent * 30 / 100
    let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: 30 - filled)
    output.write("\r[\(bar)] \(percent)%  \(processed)/\(total) rows")
  }

  /// Clears the bar.
  func finish() {
    guard isShown else { return }
    output.write("\r\u{1B}[K")
  }
}
