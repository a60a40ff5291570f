#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a new password from standard input: on a terminal, asked twice with echo off; from a
/// pipe or file, its first line (a script's way, `printf '%s\n' "$password" | wordbook …`).
///
/// A line is read byte by byte up to its newline, so nothing after it is consumed, and at most
/// one byte more than a password may have: a longer line is refused without reading the rest.
enum PasswordInput {
  /// The most bytes read of one line, its newline not counted.
  private static let lineLimit = 1025

  /// The password, without its line ending.
  ///
  /// - Parameters:
  ///   - prompt: What the terminal shows before the first line.
  ///   - again: What it shows before the second.
  /// - Throws: ``CommandFailure`` when the two lines differ, when there is no line, or when it
  ///   is not UTF-8.
  static func newPassword(prompt: String, again: String) throws(CommandFailure) -> String {
    guard isatty(STDIN_FILENO) == 1 else { return try line() }
    let first = try withoutEcho(prompt: prompt) { () throws(CommandFailure) in try line() }
    let second = try withoutEcho(prompt: again) { () throws(CommandFailure) in try line() }
    guard first == second else { throw .runtime(.passwordsDiffer) }
    return first
  }

  /// One line of standard input without its `\n` or `\r\n`.
  private static func line() throws(CommandFailure) -> String {
    var bytes: [UInt8] = []
    var byte: UInt8 = 0
    var sawNewline = false
    while bytes.count <= lineLimit {
      let count = read(STDIN_FILENO, &byte, 1)
      if count < 0, errno == EINTR { continue }
      guard count == 1 else { break }
      if byte == UInt8(ascii: "\n") {
        sawNewline = true
        break
      }
      bytes.append(byte)
    }
    if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
    guard !bytes.isEmpty || sawNewline else { throw .runtime(.noPassword) }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw .runtime(.passwordNotUTF8)
    }
    return text
  }

  /// Runs `body` with the terminal's echo off, writing `prompt` to standard error once it is
  /// off (so nothing typed after the prompt shows), and turns echo back on after it, also when
  /// a signal ends the command meanwhile.
  private static func withoutEcho<Value>(
    prompt: String, _ body: () throws(CommandFailure) -> Value
  ) throws(CommandFailure) -> Value {
    var saved = termios()
    guard tcgetattr(STDIN_FILENO, &saved) == 0 else {
      _ = TerminalOutput.standardError.write(prompt)
      return try body()
    }
    var quiet = saved
    quiet.c_lflag &= ~tcflag_t(ECHO)
    let original = saved
    let restore: @Sendable () -> Void = {
      var original = original
      _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
    }
    let key = CommandInterruption.shared.onSignal(restore)
    defer {
      restore()
      CommandInterruption.shared.remove(key)
      _ = TerminalOutput.standardError.write("\n")
    }
    _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
    _ = TerminalOutput.standardError.write(prompt)
    return try body()
  }
}
