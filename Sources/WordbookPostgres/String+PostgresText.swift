extension String {
  /// The escape of ``postgresText``: a private-use character no learner types.
  private static let escape: Unicode.Scalar = "\u{F0001}"
  /// What follows ``escape`` for U+0000.
  private static let escapedNull: Unicode.Scalar = "\u{F0000}"

  /// The string as PostgreSQL stores it: `text` cannot hold U+0000, which a word may, so U+0000
  /// is written as two private-use characters and that escape character doubled.
  ///
  /// The escape maps each character to characters of its own, so a search for text without
  /// those private-use characters finds the same words in the stored form as in the original.
  var postgresText: String {
    guard unicodeScalars.contains(where: { $0 == "\u{0}" || $0 == Self.escape }) else {
      return self
    }
    var stored = String.UnicodeScalarView()
    for scalar in unicodeScalars {
      switch scalar {
      case "\u{0}": stored += [Self.escape, Self.escapedNull]
      case Self.escape: stored += [Self.escape, Self.escape]
      default: stored.append(scalar)
      }
    }
    return String(stored)
  }

  /// The original of a string read back from PostgreSQL: the reverse of ``postgresText``.
  var fromPostgresText: String {
    guard unicodeScalars.contains(Self.escape) else { return self }
    var original = String.UnicodeScalarView()
    var escaping = false
    for scalar in unicodeScalars {
      if escaping {
        original.append(scalar == Self.escapedNull ? "\u{0}" : scalar)
        escaping = false
      } else if scalar == Self.escape {
        escaping = true
      } else {
        original.append(scalar)
      }
    }
    return String(original)
  }
}
