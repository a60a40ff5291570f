extension Character {
  /// How many terminal columns the character takes: 2 for East Asian wide and fullwidth
  /// characters and emoji, 0 for combining marks and other zero-width characters, 1 otherwise,
  /// and more for an emoji sequence that some terminals draw wider (see below).
  ///
  /// A character is one grapheme cluster, so a base letter with its combining marks, a Hangul
  /// syllable spelled with conjoining jamo, or an emoji sequence joined with ZWJ counts once.
  /// Control characters count 0; escape them with `escapedForTerminal` before
  /// measuring text that will be written.
  ///
  /// Terminals disagree about emoji sequences. Those that shape grapheme clusters (kitty,
  /// WezTerm, iTerm2, Ghostty, tmux 3.4 and later) draw any emoji sequence in 2 columns.
  /// Those that measure code point by code point (tmux before 3.4, among others) give a
  /// skin-tone modifier its own 2 columns after the emoji, so 👍🏽 takes 4, and ignore variation
  /// selectors, so ❤️ takes 1; they still draw a code point that follows a zero-width joiner
  /// inside the cell before it. Counting fewer columns than the terminal draws wraps the line
  /// and scrolls the screen away; counting more only leaves a blank cell or two. So a cluster
  /// counts the larger of the two: the sum of its code points' widths, skipping each one that
  /// follows a joiner, and at least 2 when it asks for emoji presentation (a regional
  /// indicator, or an emoji with U+FE0F).
  public var terminalColumns: Int {
    var columns = 0
    var followsJoiner = false
    for scalar in unicodeScalars {
      if !followsJoiner { columns += scalar.terminalColumns }
      followsJoiner = scalar == "\u{200D}"
    }
    guard columns < 2, let first = unicodeScalars.first else { return columns }
    let asksForEmoji =
      first.isRegionalIndicator || (first.properties.isEmoji && unicodeScalars.contains("\u{FE0F}"))
    return asksForEmoji ? 2 : columns
  }
}

extension Unicode.Scalar {
  /// The columns one scalar takes on its own; see `terminalColumns`.
  var terminalColumns: Int {
    let value = value
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
    if value < 0x300 { return 1 }
    switch properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
    // A regional indicator is narrow on its own (East Asian width N); a flag is two of them.
    if isRegionalIndicator { return 1 }
    if properties.isEmojiPresentation { return 2 }
    return Self.wideRanges.contains { $0.contains(value) } ? 2 : 1
  }

  /// Whether the scalar is one of the 26 letters that pair up into flags.
  var isRegionalIndicator: Bool { (0x1F1E6...0x1F1FF).contains(value) }

  /// East Asian Wide (W) and Fullwidth (F) blocks from Unicode's EastAsianWidth.txt, merged
  /// into block ranges; emoji are handled through their presentation property instead.
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // Hangul Jamo initial consonants
    0x2329...0x232A,  // angle brackets
    0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK punctuation
    0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility jamo, CJK compat
    0x3400...0x4DBF,  // CJK extension A
    0x4E00...0x9FFF,  // CJK unified ideographs
    0xA000...0xA4CF,  // Yi
    0xA960...0xA97F,  // Hangul Jamo extended A
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFE10...0xFE19,  // vertical forms
    0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
    0xFF00...0xFF60,  // fullwidth forms
    0xFFE0...0xFFE6,  // fullwidth signs
    0x16FE0...0x16FE4,  // ideographic symbols
    0x17000...0x18CFF,  // Tangut, Khitan
    0x1AFF0...0x1B2FF,  // Kana supplement and extensions, Nushu
    0x1F200...0x1F2FF,  // enclosed ideographic supplement
    0x20000...0x2FFFD,  // CJK extensions B to F
    0x30000...0x3FFFD,  // CJK extensions G and H
  ]
}

extension StringProtocol {
  /// How many terminal columns the text takes; see `terminalColumns`.
  public var terminalColumns: Int {
    reduce(0) { $0 + $1.terminalColumns }
  }

  /// The text cut to fit in `columns` terminal columns, ending in "…" when it was cut.
  ///
  /// A wide character that would straddle the limit is left out whole.
  ///
  /// - Parameter columns: The most columns the result may take.
  /// - Returns: The text itself when it fits.
  public func truncated(toColumns columns: Int) -> String {
    guard terminalColumns > columns else { return String(self) }
    guard columns > 0 else { return "" }
    var result = ""
    var used = 0
    for character in self {
      let width = character.terminalColumns
      if used + width > columns - 1 { break }
      result.append(character)
      used += width
    }
    return result + "…"
  }

  /// The text cut or padded with spaces to take exactly `columns` terminal columns.
  ///
  /// - Parameter columns: The columns the result takes.
  /// - Returns: The fitted text.
  public func fitted(toColumns columns: Int) -> String {
    let cut = truncated(toColumns: columns)
    let width = cut.terminalColumns
    return width < columns ? cut + String(repeating: " ", count: columns - width) : cut
  }
}
