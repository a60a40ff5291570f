/// A QR code (ISO/IEC 18004) of a text, in byte mode at error correction level M, the smallest
/// of the 40 versions that holds it: what `wordbook serve` prints for a phone's camera.
///
/// ```swift
/// let code = try #require(QRCode("http://192.168.1.20:8080/"))
/// code.size  // 25: version 2
/// print(code.halfBlocks().joined(separator: "\n"))
/// ```
struct QRCode {
  /// The modules on a side: 21 for version 1, four more each version up to 177.
  let size: Int
  /// Whether each module is dark, row by row.
  private(set) var modules: [Bool]
  /// Whether each module belongs to a function pattern, which data and masks leave alone.
  private var isFunction: [Bool]

  /// The code of `text`'s UTF-8 bytes, or `nil` when even version 40 cannot hold them (2,331
  /// bytes).
  init?(_ text: String) {
    let bytes = Array(text.utf8)
    let fits = { (version: Int) in
      Self.dataCapacity(version: version) >= Self.byteCount(of: bytes, version: version)
    }
    guard let version = (1...40).first(where: fits) else { return nil }
    size = version * 4 + 17
    modules = Array(repeating: false, count: size * size)
    isFunction = Array(repeating: false, count: size * size)
    drawFunctionPatterns(version: version)
    let codewords = Self.interleaved(Self.dataCodewords(bytes, version: version), version: version)
    placeData(codewords)
    let penalties = (0..<8).map(penalty(masked:))
    let mask = penalties.indices.min { penalties[$0] < penalties[$1] } ?? 0
    applyMask(mask)
    drawFormatBits(mask: mask)
  }

  /// Whether the module at column `x` and row `y` is dark; the quiet zone around the code is
  /// light.
  func isDark(x: Int, y: Int) -> Bool {
    guard (0..<size).contains(x), (0..<size).contains(y) else { return false }
    return modules[y * size + x]
  }

  /// The code drawn with Unicode half blocks, two rows of modules a line, with a quiet zone of
  /// four modules: dark modules are the glyphs' ink, so on a dark terminal the lines need a
  /// light background (`colours` wraps each line in the escapes that set one).
  ///
  /// - Parameter colours: Whether to wrap each line in the escapes for black on white.
  /// - Returns: The lines, without line breaks.
  func halfBlocks(colours: Bool = false) -> [String] {
    let quiet = 4
    let range = -quiet..<(size + quiet)
    return stride(from: -quiet, to: size + quiet, by: 2).map { y in
      var line = colours ? "\u{1B}[30;107m" : ""
      for x in range {
        switch (isDark(x: x, y: y), isDark(x: x, y: y + 1)) {
        case (true, true): line += "█"
        case (true, false): line += "▀"
        case (false, true): line += "▄"
        case (false, false): line += " "
        }
      }
      return colours ? line + "\u{1B}[0m" : line
    }
  }
}

// MARK: - Function patterns

extension QRCode {
  private mutating func set(x: Int, y: Int, dark: Bool) {
    modules[y * size + x] = dark
    isFunction[y * size + x] = true
  }

  /// Draws the finder, timing and alignment patterns, reserves the format areas and draws
  /// the version information.
  private mutating func drawFunctionPatterns(version: Int) {
    for i in 0..<size {
      set(x: 6, y: i, dark: i % 2 == 0)
      set(x: i, y: 6, dark: i % 2 == 0)
    }
    for (x, y) in [(3, 3), (size - 4, 3), (3, size - 4)] {
      for dy in -4...4 {
        for dx in -4...4 where (0..<size).contains(x + dx) && (0..<size).contains(y + dy) {
          let distance = max(abs(dx), abs(dy))
          set(x: x + dx, y: y + dy, dark: distance != 2 && distance != 4)
        }
      }
    }
    let centres = Self.alignmentCentres(version: version)
    for x in centres {
      for y in centres {
        // Not where a finder pattern is.
        if (x == 6 && y == 6) || (x == 6 && y == size - 7) || (x == size - 7 && y == 6) {
          continue
        }
        for dy in -2...2 {
          for dx in -2...2 { set(x: x + dx, y: y + dy, dark: max(abs(dx), abs(dy)) != 1) }
        }
      }
    }
    drawFormatBits(mask: 0)
    guard version >= 7 else { return }
    var remainder = version
    for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
    let bits = version << 12 | remainder
    for i in 0..<18 {
      let dark = (bits >> i) & 1 == 1
      let a = size - 11 + i % 3
      let b = i / 3
      set(x: a, y: b, dark: dark)
      set(x: b, y: a, dark: dark)
    }
  }

  /// Draws both copies of the format information: level M and `mask`, with their BCH code,
  /// and the dark module beside them.
  private mutating func drawFormatBits(mask: Int) {
    // Level M is 00.
    let data = mask
    var remainder = data
    for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
    let bits = (data << 10 | remainder) ^ 0x5412
    func bit(_ i: Int) -> Bool { (bits >> i) & 1 == 1 }
    for i in 0...5 { set(x: 8, y: i, dark: bit(i)) }
    set(x: 8, y: 7, dark: bit(6))
    set(x: 8, y: 8, dark: bit(7))
    set(x: 7, y: 8, dark: bit(8))
    for i in 9..<15 { set(x: 14 - i, y: 8, dark: bit(i)) }
    for i in 0..<8 { set(x: size - 1 - i, y: 8, dark: bit(i)) }
    for i in 8..<15 { set(x: 8, y: size - 15 + i, dark: bit(i)) }
    set(x: 8, y: size - 8, dark: true)
  }

  /// The centres of the alignment patterns on either axis: 6, then evenly spaced (by an even
  /// step) up to seven from the far edge.
  private static func alignmentCentres(version: Int) -> [Int] {
    guard version > 1 else { return [] }
    let count = version / 7 + 2
    let size = version * 4 + 17
    let step =
      version == 32 ? 26 : ((version * 4 + count * 2 + 1) / (count * 2 - 2)) * 2
    return [6] + (0..<(count - 1)).map { size - 7 - $0 * step }.reversed()
  }
}

// MARK: - Data

extension QRCode {
  /// Error correction codewords per block at level M, by version.
  private static let errorCorrectionPerBlock = [
    0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28,
    28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
  ]
  /// Blocks at level M, by version.
  private static let blockCount = [
    0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23,
    25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
  ]

  /// The codewords of a version: the modules left by the function patterns, eight a codeword.
  private static func codewordCount(version: Int) -> Int {
    var modules = (16 * version + 128) * version + 64
    if version >= 2 {
      let alignments = version / 7 + 2
      modules -= (25 * alignments - 10) * alignments - 55
      if version >= 7 { modules -= 36 }
    }
    return modules / 8
  }

  /// The data codewords of a version at level M.
  private static func dataCapacity(version: Int) -> Int {
    codewordCount(version: version) - errorCorrectionPerBlock[version] * blockCount[version]
  }

  /// The codewords `bytes` take in byte mode: the mode, the count and the bytes, rounded up.
  private static func byteCount(of bytes: [UInt8], version: Int) -> Int {
    (4 + (version <= 9 ? 8 : 16) + bytes.count * 8 + 7) / 8
  }

  /// The data codewords: byte mode, the count, the bytes, the terminator and the padding.
  private static func dataCodewords(_ bytes: [UInt8], version: Int) -> [UInt8] {
    var bits: [Bool] = []
    func append(_ value: Int, _ count: Int) {
      for i in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> i) & 1 == 1) }
    }
    append(0b0100, 4)
    append(bytes.count, version <= 9 ? 8 : 16)
    for byte in bytes { append(Int(byte), 8) }
    let capacity = dataCapacity(version: version) * 8
    append(0, min(4, capacity - bits.count))
    append(0, (8 - bits.count % 8) % 8)
    var codewords = stride(from: 0, to: bits.count, by: 8).map { start in
      bits[start..<start + 8].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) }
    }
    var pad: UInt8 = 0xEC
    while codewords.count < capacity / 8 {
      codewords.append(pad)
      pad ^= 0xEC ^ 0x11
    }
    return codewords
  }

  /// The data split into the version's blocks, each block's Reed-Solomon codewords added, and
  /// all of them interleaved: the data codewords column by column, then the error correction.
  private static func interleaved(_ data: [UInt8], version: Int) -> [UInt8] {
    let blocks = blockCount[version]
    let correction = errorCorrectionPerBlock[version]
    let shortLength = codewordCount(version: version) / blocks - correction
    let longBlocks = codewordCount(version: version) % blocks
    var dataBlocks: [ArraySlice<UInt8>] = []
    var start = 0
    for index in 0..<blocks {
      let length = shortLength + (index >= blocks - longBlocks ? 1 : 0)
      dataBlocks.append(data[start..<start + length])
      start += length
    }
    let divisor = ReedSolomon.divisor(degree: correction)
    let corrections = dataBlocks.map { ReedSolomon.remainder(of: $0, by: divisor) }
    var result: [UInt8] = []
    for column in 0...shortLength {
      for block in dataBlocks where column < block.count {
        result.append(block[block.startIndex + column])
      }
    }
    for column in 0..<correction {
      for block in corrections { result.append(block[column]) }
    }
    return result
  }

  /// Places the codewords' bits in the zigzag of two-module columns, from the bottom right,
  /// skipping the function modules and the vertical timing pattern's column.
  private mutating func placeData(_ codewords: [UInt8]) {
    var index = 0
    var right = size - 1
    while right >= 1 {
      if right == 6 { right = 5 }
      let upward = (right + 1) & 2 == 0
      for step in 0..<size {
        let y = upward ? size - 1 - step : step
        for x in [right, right - 1] where !isFunction[y * size + x] {
          if index < codewords.count * 8 {
            modules[y * size + x] = (codewords[index >> 3] >> (7 - index & 7)) & 1 == 1
          }
          index += 1
        }
      }
      right -= 2
    }
  }
}

// MARK: - Masks

extension QRCode {
  /// Whether mask `mask` flips the module at column `x` and row `y`.
  private static func flips(mask: Int, x: Int, y: Int) -> Bool {
    switch mask {
    case 0: (x + y) % 2 == 0
    case 1: y % 2 == 0
    case 2: x % 3 == 0
    case 3: (x + y) % 3 == 0
    case 4: (x / 3 + y / 2) % 2 == 0
    case 5: x * y % 2 + x * y % 3 == 0
    case 6: (x * y % 2 + x * y % 3) % 2 == 0
    default: ((x + y) % 2 + x * y % 3) % 2 == 0
    }
  }

  /// Flips the data modules that `mask` flips.
  private mutating func applyMask(_ mask: Int) {
    for y in 0..<size {
      for x in 0..<size where !isFunction[y * size + x] && Self.flips(mask: mask, x: x, y: y) {
        modules[y * size + x].toggle()
      }
    }
  }

  /// The standard's penalty of the code with `mask` applied and its format drawn: long runs,
  /// 2×2 blocks, finder-like patterns and an uneven share of dark modules.
  private func penalty(masked mask: Int) -> Int {
    var code = self
    code.applyMask(mask)
    code.drawFormatBits(mask: mask)
    var total = 0
    let finderLike: [[Bool]] = [
      [true, false, true, true, true, false, true, false, false, false, false],
      [false, false, false, false, true, false, true, true, true, false, true],
    ]
    for line in 0..<size {
      for horizontal in [true, false] {
        let dark = (0..<size).map {
          horizontal ? code.isDark(x: $0, y: line) : code.isDark(x: line, y: $0)
        }
        var run = 1
        for i in 1...size {
          if i < size, dark[i] == dark[i - 1] {
            run += 1
          } else {
            if run >= 5 { total += run - 2 }
            run = 1
          }
        }
        for start in 0...(size - 11) {
          for pattern in finderLike where dark[start..<start + 11].elementsEqual(pattern) {
            total += 40
          }
        }
      }
    }
    for y in 0..<(size - 1) {
      for x in 0..<(size - 1) {
        let colour = code.isDark(x: x, y: y)
        if code.isDark(x: x + 1, y: y) == colour, code.isDark(x: x, y: y + 1) == colour,
          code.isDark(x: x + 1, y: y + 1) == colour
        {
          total += 3
        }
      }
    }
    let dark = code.modules.count(where: { $0 })
    let share = dark * 20 - code.modules.count * 10
    total += ((abs(share) + code.modules.count - 1) / code.modules.count - 1) * 10
    return total
  }
}

/// Reed-Solomon error correction over GF(256) with the polynomial x⁸ + x⁴ + x³ + x² + 1, as QR
/// codes use it.
private enum ReedSolomon {
  /// The product of two field elements.
  static func multiply(_ x: UInt8, _ y: UInt8) -> UInt8 {
    var product = 0
    for i in stride(from: 7, through: 0, by: -1) {
      product = (product << 1) ^ ((product >> 7) * 0x11D)
      product ^= ((Int(y) >> i) & 1) * Int(x)
    }
    return UInt8(product)
  }

  /// The generator polynomial of `degree`, highest power first without its leading 1:
  /// the product of (x − αⁱ) for i from 0 to `degree` − 1.
  static func divisor(degree: Int) -> [UInt8] {
    var result = [UInt8](repeating: 0, count: degree)
    result[degree - 1] = 1
    var root: UInt8 = 1
    for _ in 0..<degree {
      for j in 0..<degree {
        result[j] = multiply(result[j], root)
        if j + 1 < degree { result[j] ^= result[j + 1] }
      }
      root = multiply(root, 0x02)
    }
    return result
  }

  /// The remainder of `data` times x^degree divided by the generator: the error correction
  /// codewords.
  static func remainder(of data: ArraySlice<UInt8>, by divisor: [UInt8]) -> [UInt8] {
    var result = [UInt8](repeating: 0, count: divisor.count)
    for byte in data {
      let factor = byte ^ result.removeFirst()
      result.append(0)
      for i in result.indices { result[i] ^= multiply(divisor[i], factor) }
    }
    return result
  }
}
