/// How a run of text on the screen looks.
public enum TextStyle: Hashable, Sendable {
  /// The terminal's default look.
  case plain
  /// A heading: bold.
  case emphasis
  /// Secondary text: dim.
  case secondary
  /// The card under the cursor: reverse video.
  case selected
  /// A word marked success: green, as in the original app.
  case success
  /// A word marked fail: yellow, as in the original app.
  case fail
  /// An error: red.
  case error

  /// The SGR escape sequence that turns the style on.
  var sequence: String {
    switch self {
    case .plain: ""
    case .emphasis: "\u{1B}[1m"
    case .secondary: "\u{1B}[2m"
    case .selected: "\u{1B}[7m"
    case .success: "\u{1B}[32m"
    case .fail: "\u{1B}[33m"
    case .error: "\u{1B}[31m"
    }
  }
}

/// One line of the screen as runs of styled text, measured in terminal columns.
///
/// Text given to a line must already be escaped (`escapedForTerminal`); the
/// line adds only its own style sequences.
public struct StyledLine: Hashable, Sendable {
  /// A run of text in one style.
  public struct Run: Hashable, Sendable {
    /// The text.
    public var text: String
    /// Its style.
    public var style: TextStyle
  }

  /// The runs, left to right.
  public private(set) var runs: [Run] = []

  /// Creates an empty line.
  public init() {}

  /// Creates a line of one run.
  public init(_ text: String, style: TextStyle = .plain) {
    append(text, style: style)
  }

  /// Adds a run at the end.
  public mutating func append(_ text: String, style: TextStyle = .plain) {
    guard !text.isEmpty else { return }
    runs.append(Run(text: text, style: style))
  }

  /// The text without styles.
  public var plainText: String { runs.map(\.text).joined() }

  /// The columns the line takes.
  public var columns: Int { runs.reduce(0) { $0 + $1.text.terminalColumns } }

  /// The line cut to `width` columns, as text with style sequences when `color` is on.
  ///
  /// - Parameters:
  ///   - width: The most columns to use.
  ///   - color: Whether to write style sequences; off for `NO_COLOR` and plain snapshots.
  /// - Returns: Text that takes at most `width` columns.
  public func rendered(width: Int, color: Bool) -> String {
    var output = ""
    var remaining = width
    for run in runs where remaining > 0 {
      let text = run.text.truncated(toColumns: remaining)
      remaining -= text.terminalColumns
      if color, run.style != .plain {
        output += run.style.sequence + text + "\u{1B}[0m"
      } else {
        output += text
      }
    }
    return output
  }
}
