#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A terminal switched to raw mode, remembering the settings to restore.
///
/// Raw mode turns off line editing, echo and the signal keys, so each key press arrives at once
/// and Ctrl-C arrives as a byte. The caller must call ``restore()`` on every way out: quitting,
/// signals and errors.
struct RawMode: Sendable {
  /// The descriptor whose settings were changed.
  let descriptor: Int32
  private let original: termios

  /// Switches the terminal on `descriptor` to raw mode.
  ///
  /// - Throws: ``TerminalError`` when `descriptor` is not a terminal.
  init(descriptor: Int32) throws(TerminalError) {
    var settings = termios()
    guard tcgetattr(descriptor, &settings) == 0 else {
      throw TerminalError("standard input is not a terminal (errno \(errno))")
    }
    self.descriptor = descriptor
    original = settings
    try apply()
  }

  /// Switches the terminal to raw mode again, as after the program was stopped and continued,
  /// when the shell may have changed the settings meanwhile.
  ///
  /// - Throws: ``TerminalError`` when the terminal refuses the settings.
  func apply() throws(TerminalError) {
    var settings = original
    settings.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    settings.c_oflag &= ~tcflag_t(OPOST)
    settings.c_cflag |= tcflag_t(CS8)
    settings.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &settings.c_cc) { cells in
      cells[Int(VMIN)] = 1
      cells[Int(VTIME)] = 0
    }
    guard tcsetattr(descriptor, TCSAFLUSH, &settings) == 0 else {
      throw TerminalError("could not switch the terminal to raw mode (errno \(errno))")
    }
  }

  /// Puts back the settings the terminal had before.
  func restore() {
    var settings = original
    _ = tcsetattr(descriptor, TCSAFLUSH, &settings)
  }
}

/// A failure of the terminal itself, such as a descriptor that is not a terminal.
public struct TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public var message: String

  /// Creates an error.
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
