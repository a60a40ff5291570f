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

  /// Whether the program has finished on its own, such as after waiting for work to end; the
  /// session asks after every event and ends as if the program had quit.
  var isFinished: Bool { get }
}

extension TerminalApplication {
  /// A program finishes only by quitting from a key, by default.
  public var isFinished: Bool { false }
}
