import Synchronization

/// A running count of imported rows on standard error for large imports, drawn only when it is
/// a terminal.
///
/// The import streams the file, so the number of rows is not known in advance: the count is
/// what it shows. The service reports progress from whatever thread runs the import, so whether
/// the count is on screen lives behind a mutex.
final class ImportProgress: Sendable {
  /// Imports smaller than this finish too fast for a count to help.
  static let minimumRows = 5_000

  private let output = TerminalOutput.standardError
  private let isTerminal: Bool
  private let isDrawn = Mutex(false)
  private let catalogue: any MessageCatalogue

  init(catalogue: any MessageCatalogue) {
    isTerminal = output.isTerminal
    self.catalogue = catalogue
  }

  /// Draws the count of `processed` rows.
  @Sendable func report(_ processed: Int) {
    guard isTerminal && processed >= Self.minimumRows else { return }
    isDrawn.withLock { $0 = true }
    _ = output.write("\r" + catalogue.text(.importing(processed)))
  }

  /// Clears the count.
  func finish() {
    guard isDrawn.withLock({ $0 }) else { return }
    _ = output.write("\r\u{1B}[K")
  }
}
