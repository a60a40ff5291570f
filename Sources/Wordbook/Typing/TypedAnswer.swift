/// A typed answer compared with a card's answer, as a study screen that asks the learner to
/// type shows it: which characters were right, wrong and missing, and the rating it proposes.
///
/// Both texts are normalized first: each character compared without case, spaces around the
/// text dropped and runs of spaces inside it made one, and punctuation at its end dropped.
/// An answer of several parts (separated by `;`, `,`, `/` or a line break) accepts any one of
/// them, or the whole; the typed text is compared with the part closest to it. Hangul is
/// compared by its letters (jamo) for the verdict, so 스다듬다 for 쓰다듬다 is one wrong jamo
/// (ㅅ for ㅆ), not one wrong syllable. Characters are graphemes, as a reader sees them: a
/// letter with its combining marks, or an emoji with its modifiers, is one.
///
/// The verdict proposes, as Anki's type-in answers never do:
/// - ``Rating/good`` for the answer exactly;
/// - ``Rating/hard`` for one wrong jamo or one wrong character, in an answer of four characters
///   or more;
/// - ``Rating/again`` otherwise.
///
/// ```swift
/// let answer = TypedAnswer(typed: "스다듬다", answer: "쓰다듬다; to stroke")
/// answer.proposal  // .hard
/// answer.typedMarks.map(\.kind)  // [.wrong, .right, .right, .right]
/// ```
public struct TypedAnswer: Hashable, Sendable {
  /// The rating the comparison proposes.
  public let proposal: Rating
  /// The part of the answer the typed text was compared with: the whole answer, or the one of
  /// its parts closest to the typed text.
  public let expected: String
  /// The typed text's characters (its normalized form), each right or wrong.
  public let typedMarks: [Mark]
  /// The expected part's characters (its normalized form), each right or missing.
  public let expectedMarks: [Mark]

  /// One character of a comparison and what became of it.
  public struct Mark: Hashable, Sendable {
    /// The character: one grapheme.
    public var character: Character
    /// Whether it was right, wrong or missing.
    public var kind: Kind

    /// What became of a character.
    public enum Kind: Hashable, Sendable {
      /// Typed as the answer has it.
      case right
      /// Typed, where the answer has another character or none.
      case wrong
      /// In the answer, and not typed.
      case missing
    }

    /// A character marked `kind`.
    public init(_ character: Character, _ kind: Kind) {
      self.character = character
      self.kind = kind
    }
  }

  /// The longest answer part, in characters, that is aligned character by character; a longer
  /// one is compared whole, so that a hostile card costs no more than a long one.
  static let longestAligned = 400

  /// Compares `typed` with `answer`.
  ///
  /// - Parameters:
  ///   - typed: What the learner typed.
  ///   - answer: The card's answer: its back (the meaning, or the term when reversed).
  /// - Complexity: O(*t* × *a*) for *t* and *a* characters; past 400 characters, a text is
  ///   compared whole.
  public init(typed: String, answer: String) {
    let typed = Self.normalized(typed)
    let parts = Self.parts(of: answer)
    let whole = Self.normalized(answer)
    let candidates = parts.contains(whole) ? parts : parts + [whole]
    // The part the typed text is closest to, by letters; the first of equals.
    let letters = Self.letters(typed)
    var expected = candidates[0]
    var distance = Self.distance(letters, Self.letters(expected))
    for part in candidates.dropFirst() where distance > 0 {
      let partDistance = Self.distance(letters, Self.letters(part))
      if partDistance < distance { (expected, distance) = (part, partDistance) }
    }
    self.expected = expected
    (typedMarks, expectedMarks) = Self.marks(typed: typed, expected: expected)
    if distance == 0, !typed.isEmpty {
      proposal = .good
    } else if expected.count >= 4,
      distance == 1 || Self.distance(typed.map(Self.folded), expected.map(Self.folded)) == 1
    {
      proposal = .hard
    } else {
      proposal = .again
    }
  }
}

extension TypedAnswer {
  /// Punctuation that may end an answer without being part of it.
  private static let closingPunctuation: Set<Character> = [
    ".", ",", "!", "?", ";", ":", "。", "、", "！", "？", "…", "·",
  ]

  /// `text` without surrounding spaces, each run of spaces one space, and its closing
  /// punctuation dropped.
  static func normalized(_ text: String) -> String {
    var words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    while let last = words.last, closingPunctuation.contains(last) {
      words.removeLast()
      while words.last?.isWhitespace == true { words.removeLast() }
    }
    return words
  }

  /// The normalized parts of an answer, separated by `;`, `,`, `/` or a line break; the whole
  /// answer when it has one part.
  static func parts(of answer: String) -> [String] {
    let parts = answer.split(whereSeparator: { ";,/".contains($0) || $0.isNewline })
      .map { normalized(String($0)) }.filter { !$0.isEmpty }
    return parts.isEmpty ? [normalized(answer)] : parts
  }

  /// A character as compared: without case.
  static func folded(_ character: Character) -> String { character.lowercased() }

  /// The letters of `text` as compared for the verdict: each Hangul syllable its two or three
  /// jamo (precomposed or not, the same), every other character itself without case.
  static func letters(_ text: String) -> [String] {
    var letters: [String] = []
    for character in text {
      let scalars = character.unicodeScalars
      if scalars.count == 1, let scalar = scalars.first, (0xAC00...0xD7A3).contains(scalar.value) {
        // A syllable is (initial × 21 + vowel) × 28 + final, from U+AC00.
        let index = scalar.value - 0xAC00
        letters.append(jamo(0x1100 + index / 588))
        letters.append(jamo(0x1161 + index % 588 / 28))
        if index % 28 > 0 { letters.append(jamo(0x11A7 + index % 28)) }
      } else if scalars.allSatisfy({ (0x1100...0x11FF).contains($0.value) }) {
        letters += scalars.map { String($0) }
      } else {
        letters.append(folded(character))
      }
    }
    return letters
  }

  private static func jamo(_ value: UInt32) -> String {
    String(UnicodeScalar(value).map(Character.init) ?? " ")
  }

  /// The edit distance between two sequences (insertions, deletions and substitutions), or a
  /// distance beyond any verdict's when either is longer than a card may ask to align.
  static func distance(_ a: [String], _ b: [String]) -> Int {
    guard a.count <= 3 * longestAligned, b.count <= 3 * longestAligned else {
      return a == b ? 0 : Int.max
    }
    guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }

  /// The typed text's and the expected part's characters, marked by the alignment of fewest
  /// edits: a character of each that matches the other's is right, a typed one that does not
  /// is wrong, and an expected one that does not is missing.
  static func marks(typed: String, expected: String) -> (typed: [Mark], expected: [Mark]) {
    let t = Array(typed)
    let e = Array(expected)
    guard t.count <= longestAligned, e.count <= longestAligned else {
      let same = t.map(folded) == e.map(folded)
      return (
        t.map { Mark($0, same ? .right : .wrong) }, e.map { Mark($0, same ? .right : .missing) }
      )
    }
    let tf = t.map(folded)
    let ef = e.map(folded)
    // costs[i][j]: the fewest edits from the first i typed characters to the first j expected.
    var costs = Array(repeating: Array(repeating: 0, count: e.count + 1), count: t.count + 1)
    for i in 0...t.count { costs[i][0] = i }
    for j in 0...e.count { costs[0][j] = j }
    for i in stride(from: 1, through: t.count, by: 1) {
      for j in stride(from: 1, through: e.count, by: 1) {
        costs[i][j] = min(
          costs[i - 1][j - 1] + (tf[i - 1] == ef[j - 1] ? 0 : 1), costs[i - 1][j] + 1,
          costs[i][j - 1] + 1)
      }
    }
    var typedMarks: [Mark] = []
    var expectedMarks: [Mark] = []
    var (i, j) = (t.count, e.count)
    while i > 0 || j > 0 {
      if i > 0, j > 0, tf[i - 1] == ef[j - 1], costs[i][j] == costs[i - 1][j - 1] {
        typedMarks.append(Mark(t[i - 1], .right))
        expectedMarks.append(Mark(e[j - 1], .right))
        (i, j) = (i - 1, j - 1)
      } else if i > 0, j > 0, costs[i][j] == costs[i - 1][j - 1] + 1 {
        typedMarks.append(Mark(t[i - 1], .wrong))
        expectedMarks.append(Mark(e[j - 1], .missing))
        (i, j) = (i - 1, j - 1)
      } else if i > 0, costs[i][j] == costs[i - 1][j] + 1 {
        typedMarks.append(Mark(t[i - 1], .wrong))
        i -= 1
      } else {
        expectedMarks.append(Mark(e[j - 1], .missing))
        j -= 1
      }
    }
    return (typedMarks.reversed(), expectedMarks.reversed())
  }
}
