import StoreCore
import Wordbook

/// A fit's progress bar on standard error, drawn only when it is a terminal and the fit is
/// long enough to wait for; redrawn when the percentage changes. The fit reports from the
/// thread it runs on, so what is on screen lives behind a lock.
final class FitProgressBar: Sendable {
  /// Fits of fewer item steps than this end before a bar would help.
  static let minimumSteps = 50_000
  /// The bar's width in cells.
  static let width = 30

  private let output = TerminalOutput.standardError
  private let isTerminal: Bool
  private let catalogue: any TerminalCatalogue
  /// The percentage drawn, once one is.
  private let drawn = Locked<Int?>(nil)

  init(catalogue: any TerminalCatalogue) {
    isTerminal = output.isTerminal
    self.catalogue = catalogue
  }

  /// Draws `progress` when its percentage changed.
  @Sendable func report(_ progress: ParameterFitProgress) {
    guard isTerminal, progress.epochs * progress.itemsPerEpoch >= Self.minimumSteps else {
      return
    }
    let percent = Int(progress.fraction * 100)
    let isNew = drawn.withLock { drawn in
      defer { drawn = percent }
      return drawn != percent
    }
    guard isNew else { return }
    let filled = percent * Self.width / 100
    _ = output.write(
      "\r" + catalogue.text(.fitting(percent: percent)) + " ["
        + String(repeating: "#", count: filled)
        + String(repeating: " ", count: Self.width - filled) + "]\u{1B}[K")
  }

  /// Clears the bar.
  func finish() {
    guard drawn.withLock({ $0 }) != nil else { return }
    _ = output.write("\r\u{1B}[K")
  }
}
