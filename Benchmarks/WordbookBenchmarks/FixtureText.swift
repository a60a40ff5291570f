import Wordbook

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terms and meanings of every benchmark book: realistic text, the same for a given index
/// in every scenario and every run.
///
/// Short ASCII strings such as `word1` fit in a Swift string's inline storage and hide what
/// real text costs (an allocation per string, multi-byte scalars), so the words are built from
/// the shared data in `../shared/data` when it is there: the 50,000 most frequent Korean and
/// English words (FrequencyWords, CC BY-SA 4.0) and English definitions (Wordset, CC BY-SA
/// 4.0). Without it (a user's clone) they are generated with the same length and script mix.
///
/// Even indexes have a Korean term, odd ones an English term; a term is one word of its list,
/// or two words once the list is used up, so every term is distinct. Every meaning is 60 to 90
/// bytes of English and Korean text. Each entry is drawn from a SplitMix64 seeded by its index
/// alone, so an entry is found without building the ones before it.
struct FixtureText: Sendable {
  /// The text of the benchmarks, read or generated once.
  static let shared = FixtureText()

  /// Where the text comes from, for the results' notes.
  let source: String
  private let korean: [[UInt8]]
  private let english: [[UInt8]]
  private let definitions: [[UInt8]]

  private init() {
    let folder = "../shared/data"
    let korean = Self.firstFields(of: "\(folder)/frequencywords-50k/ko_50k.txt", separator: 0x20)
    let english = Self.firstFields(of: "\(folder)/frequencywords-50k/en_50k.txt", separator: 0x20)
    let definitions = Self.definitions(in: "\(folder)/wordset-en-defs/wordset_a-l.tsv")
    if korean.count >= Self.listSize, english.count >= Self.listSize, definitions.count >= 1000 {
      self.korean = Array(korean.prefix(Self.listSize))
      self.english = Array(english.prefix(Self.listSize))
      self.definitions = definitions
      source =
        "words from ../shared/data (FrequencyWords ko/en 50k, Wordset definitions; CC BY-SA 4.0)"
    } else {
      var generator = SplitMix64(seed: 29)
      self.korean = Self.generatedWords(syllables: 1...4, generator: &generator) {
        generator in Self.hangul(&generator)
      }
      // The generated list, not the missing file's: its words make the definitions.
      let english = Self.generatedWords(syllables: 2...9, generator: &generator) {
        generator in [UInt8(ascii: "a") + UInt8(generator.next(below: 26))]
      }
      self.english = english
      self.definitions = (0..<5000).map { _ in
        var words: [UInt8] = []
        for _ in 0..<(4 + generator.next(below: 8)) {
          if !words.isEmpty { words.append(0x20) }
          words += english[Int(generator.next(below: UInt64(english.count)))]
        }
        return words
      }
      source = "generated words (../shared/data not found): Hangul and Latin, 60-90 byte meanings"
    }
  }

  /// How many words of each language make one-word terms.
  private static let listSize = 50_000

  /// The term and meaning of the word at `index` (0-based).
  func entry(at index: Int) -> (term: String, meaning: String) {
    var term: [UInt8] = []
    var meaning: [UInt8] = []
    append(at: index, term: &term, meaning: &meaning)
    return (String(decoding: term, as: UTF8.self), String(decoding: meaning, as: UTF8.self))
  }

  /// Appends the term and the meaning of the word at `index` (0-based) to the two buffers.
  func append(at index: Int, term: inout [UInt8], meaning: inout [UInt8]) {
    var generator = SplitMix64(seed: 0x2929 ^ UInt64(index))
    generator = SplitMix64(seed: generator.next())
    let isKorean = index.isMultiple(of: 2)
    let list = isKorean ? korean : english
    let number = index / 2
    let first = number % list.count
    let round = number / list.count
    term += list[first]
    if round > 0 {
      // The second word's offset differs for every round, so no two terms are equal.
      precondition(round * (list.count / 256) < list.count, "more words than terms")
      term.append(0x20)
      term += list[(first + round * (list.count / 256)) % list.count]
    }

    let target = 63 + Int(generator.next(below: 28))
    let definition = definitions[Int(generator.next(below: UInt64(definitions.count)))]
    let gloss = (0..<6).map { _ in korean[Int(generator.next(below: UInt64(korean.count)))] }
    let englishWords = definition.split(separator: 0x20).map(Array.init)
    let pieces = isKorean ? englishWords + [[0x3B]] + gloss : gloss + [[0x3B]] + englishWords
    let start = meaning.count
    var next = 0
    // Whole words while they fit, then the prefix that fits: 60 to 90 bytes, never a split
    // scalar, and more Korean words after the pieces when they run short.
    while meaning.count - start < target - 2 {
      let piece =
        next < pieces.count
        ? pieces[next] : korean[Int(generator.next(below: UInt64(korean.count)))]
      next += 1
      let used = meaning.count - start
      let separator = used > 0 && piece != [0x3B] ? 1 : 0
      let fitted = Self.prefix(of: piece, fitting: target - used - separator)
      if fitted.isEmpty {
        if next > pieces.count { break }
        continue
      }
      if separator == 1 { meaning.append(0x20) }
      meaning += fitted
    }
  }

  /// The longest prefix of `word` that fits in `room` bytes without splitting a scalar.
  private static func prefix(of word: [UInt8], fitting room: Int) -> [UInt8] {
    guard word.count > room else { return word }
    var end = room
    while end > 0, word[end] & 0xC0 == 0x80 { end -= 1 }
    return Array(word[..<end])
  }

  /// The first field of each line of a file, or nothing when it cannot be read.
  private static func firstFields(of path: String, separator: UInt8) -> [[UInt8]] {
    guard let bytes = readFile(path) else { return [] }
    return bytes.split(separator: 0x0A).compactMap { line in
      let field = line.split(separator: separator, maxSplits: 1).first.map(Array.init) ?? []
      return Self.isPlain(field) ? field : nil
    }
  }

  /// The definitions of the Wordset file (its third column), without quotes.
  private static func definitions(in path: String) -> [[UInt8]] {
    guard let bytes = readFile(path) else { return [] }
    return bytes.split(separator: 0x0A).dropFirst().compactMap { line in
      let fields = line.split(separator: 0x09, omittingEmptySubsequences: false)
      guard fields.count == 4 else { return nil }
      let definition = Array(fields[2])
      return Self.isPlain(definition) ? definition : nil
    }
  }

  /// Whether `text` is non-empty and has nothing a TSV or CSV reader, or the shell's
  /// `.import`, would treat specially: quotes, separators, control characters.
  private static func isPlain(_ text: [UInt8]) -> Bool {
    !text.isEmpty && text.first != 0x20 && text.last != 0x20
      && !text.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x2C || $0 == 0x7C || $0 == 0x7F }
      && String(validating: text, as: UTF8.self) != nil
  }

  /// `listSize` distinct words of `syllables` pieces each made by `piece`.
  private static func generatedWords(
    syllables: ClosedRange<Int>, generator: inout SplitMix64,
    piece: (inout SplitMix64) -> [UInt8]
  ) -> [[UInt8]] {
    var seen: Set<[UInt8]> = []
    var words: [[UInt8]] = []
    while words.count < listSize {
      let count =
        syllables.lowerBound
        + Int(generator.next(below: UInt64(syllables.count)))
      var word: [UInt8] = []
      for _ in 0..<count { word += piece(&generator) }
      if seen.insert(word).inserted { words.append(word) }
    }
    return words
  }

  /// One Hangul syllable (U+AC00 to U+D7A3) in UTF-8.
  private static func hangul(_ generator: inout SplitMix64) -> [UInt8] {
    let scalar = 0xAC00 + UInt32(generator.next(below: 11_172))
    return [
      UInt8(0xE0 | (scalar >> 12)), UInt8(0x80 | ((scalar >> 6) & 0x3F)),
      UInt8(0x80 | (scalar & 0x3F)),
    ]
  }
}
