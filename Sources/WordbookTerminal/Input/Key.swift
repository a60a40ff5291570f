/// A key press decoded from the bytes a terminal sends in raw mode.
public enum Key: Hashable, Sendable {
  /// A printable character, including space and any UTF-8 text.
  case character(Character)
  /// Enter or Return (carriage return, line feed, or both together).
  case enter
  /// Backspace or Delete-left.
  case backspace
  /// The Delete key (`ESC [ 3 ~`): delete the character after the cursor.
  case delete
  /// Tab.
  case tab
  /// Escape on its own.
  case escape
  /// The up arrow.
  case up
  /// The down arrow.
  case down
  /// The left arrow.
  case left
  /// The right arrow.
  case right
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// Home.
  case home
  /// End.
  case end
  /// Ctrl-C, which raw mode delivers as a byte instead of a signal.
  case interrupt
  /// Ctrl-D, end of input.
  case endOfInput
  /// Ctrl-Z, which raw mode delivers as a byte instead of a signal: suspend the program.
  case suspend
  /// Another control key, by its byte (Ctrl-A is 1).
  case control(UInt8)
  /// An escape sequence this parser does not know, such as a function key, kept as its bytes.
  case unknownSequence([UInt8])
}
