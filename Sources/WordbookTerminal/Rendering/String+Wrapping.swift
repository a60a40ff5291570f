extension String {
  /// The text as lines of at most `columns` terminal columns: its own line breaks kept, long
  /// lines broken at the last space that fits, or inside a word longer than a line. Every
  /// line is escaped for the terminal; wide characters count two columns.
  ///
  /// - Parameter columns: The most columns a line may take; at least 1.
  /// - Returns: At least one line.
  func wrapped(toColumns columns: Int) -> [String] {
    let width = max(columns, 1)
    var lines: [String] = []
    // `\r\n` is one `Character`, and `isNewline` covers it, `\n` and `\r` alike.
    for paragraph in split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      var line: [Character] = []
      var used = 0
      for character in String(paragraph).escapedForTerminal {
        let characterWidth = character.terminalColumns
        if used + characterWidth > width, !line.isEmpty {
          if let space = line.lastIndex(of: " "), space > 0 {
            lines.append(String(line[..<space]))
            line = Array(line[(space + 1)...])
          } else {
            lines.append(String(line))
            line = []
          }
          used = line.reduce(0) { $0 + $1.terminalColumns }
        }
        line.append(character)
        used += characterWidth
      }
      lines.append(String(line))
    }
    return lines
  }
}
