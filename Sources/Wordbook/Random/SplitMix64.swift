/// A small, fast, seedable random number generator (SplitMix64) whose sequence never changes.
///
/// The store keeps one in its state so that shuffles replay exactly from a recorded log. The
/// algorithm is Steele, Lea and Flood's SplitMix64: one addition and three multiply-xor-shift
/// steps per number, with no system call.
public struct SplitMix64: RandomNumberGenerator, Hashable, Sendable, Codable {
  @usableFromInline var bits: UInt64

  /// The generator's whole state: the next number depends only on it.
  public var state: UInt64 { bits }

  /// Creates a generator that starts from `seed`.
  public init(seed: UInt64) {
    bits = seed
  }

  private enum CodingKeys: String, CodingKey {
    case bits = "state"
  }

  /// Returns the next 64 random bits.
  @inlinable
  public mutating func next() -> UInt64 {
    bits &+= 0x9E37_79B9_7F4A_7C15
    var z = bits
    z = (z ^ (z &>> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z &>> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z &>> 31)
  }

  /// Returns a uniformly distributed number in `0..<upperBound`.
  ///
  /// Uses Lemire's multiply-and-reject method, so the result has no modulo bias and usually
  /// costs one multiplication.
  ///
  /// - Precondition: `upperBound > 0`.
  @inlinable
  public mutating func next(below upperBound: UInt64) -> UInt64 {
    precondition(upperBound > 0, "upperBound must be positive")
    var product = next().multipliedFullWidth(by: upperBound)
    if product.low < upperBound {
      let threshold = (0 &- upperBound) % upperBound
      while product.low < threshold {
        product = next().multipliedFullWidth(by: upperBound)
      }
    }
    return product.high
  }
}

extension MutableCollection where Self: RandomAccessCollection, Index == Int {
  /// Shuffles the elements in place with a Fisher–Yates pass driven by `generator`.
  ///
  /// Unlike the standard library's `shuffle(using:)`, whose algorithm may change between Swift
  /// versions, the order this produces for a given generator state is fixed, so recorded logs
  /// and snapshots stay valid.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  public mutating func fisherYatesShuffle(using generator: inout SplitMix64) {
    guard count > 1 else { return }
    var upper = endIndex - 1
    while upper > startIndex {
      let pick = startIndex + Int(generator.next(below: UInt64(upper - startIndex + 1)))
      if pick != upper { swapAt(pick, upper) }
      upper -= 1
    }
  }
}
