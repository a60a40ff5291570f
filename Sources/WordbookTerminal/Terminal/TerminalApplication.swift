/// A full-screen program that a ``TerminalSession`` runs: it draws frames and handles keys.
@MainActor
public protocol TerminalApplication: AnyObject {
  /// Starts the program; it calls `requestRedraw` whenever what it shows has changed.
  func start(requestRedraw: @escaping @MainActor () -> Void)

  /// Handles one key press.
  ///
  /// - Returns: `false` to quit.
  func handle(_ key: Key) -> Bool

  /// The screen's lines for a window of `size`, each at most `size.columns` wide.
  func frame(size: TerminalSize) -> [String]

  /// Stops the program's work: the session is ending.
  func stop()
}
