#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The size of a terminal window in character cells.
public struct TerminalSize: Hashable, Sendable {
  /// The number of columns.
  public var columns: Int
  /// The number of rows.
  public var rows: Int

  /// Creates a size.
  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }

  /// The size assumed when the terminal does not report one.
  public static let fallback = TerminalSize(columns: 80, rows: 24)

  /// The size of the terminal open on `descriptor`, or `nil` when it is not a terminal or
  /// reports zero cells.
  ///
  /// - Parameter descriptor: A file descriptor, such as standard output.
  public static func current(of descriptor: Int32) -> TerminalSize? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
      return nil
    }
    return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
  }
}
