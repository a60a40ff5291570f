/// The order of a fit's batches in each pass, drawn exactly as fsrs-rs draws it: Rust's
/// `StdRng` (ChaCha with 12 rounds, its key made from the seed by PCG32) driving `rand`'s
/// Fisher–Yates shuffle, which takes several indices from one 32-bit number.
///
/// With the same batches in the same order, a fit follows fsrs-rs's steps and ends on its
/// parameters, so "as good as Anki's optimizer" holds on any history rather than on average:
/// on a small history, two shuffles alone can move the held-out log loss by a few hundredths.
struct BatchShuffler {
  private var key: [UInt32] = []
  private var counter: UInt64 = 0
  private var block: [UInt32] = []
  private var used = 16

  /// A shuffler seeded as `StdRng::seed_from_u64(seed)` is.
  init(seed: UInt64) {
    var state = seed
    for _ in 0..<8 {
      state = state &* 6_364_136_223_846_793_005 &+ 11_634_580_027_462_260_723
      let mixed = UInt32(truncatingIfNeeded: ((state >> 18) ^ state) >> 27)
      let rotation = UInt32(truncatingIfNeeded: state >> 59)
      key.append(mixed >> rotation | mixed << ((32 &- rotation) & 31))
    }
  }

  /// Shuffles `elements` in place.
  mutating func shuffle(_ elements: inout [Int]) {
    guard elements.count > 1 else { return }
    // Each index i takes a number below i + 1; several are packed into one draw below the
    // product of their ranges, and unpacked by division.
    var packed: UInt32 = 0
    var left = 0
    for index in 0..<elements.count {
      let range = UInt32(index + 1)
      if index == 0 {
        continue
      }
      if left == 0 {
        var bound = range
        var count = 1
        while true {
          let (product, overflow) = bound.multipliedReportingOverflow(by: range + UInt32(count))
          if overflow { break }
          bound = product
          count += 1
        }
        packed = below(bound)
        left = count
      }
      let pick: UInt32
      if left == 1 {
        pick = packed
      } else {
        pick = packed % range
        packed /= range
      }
      left -= 1
      elements.swapAt(index, Int(pick))
    }
  }

  /// A number below `bound` by Canon's method, as `rand` samples a range without its
  /// `unbiased` feature.
  private mutating func below(_ bound: UInt32) -> UInt32 {
    let wide = UInt64(next()) * UInt64(bound)
    var result = UInt32(truncatingIfNeeded: wide >> 32)
    let low = UInt32(truncatingIfNeeded: wide)
    if low > 0 &- bound {
      let extra = UInt32(truncatingIfNeeded: (UInt64(next()) * UInt64(bound)) >> 32)
      if low.addingReportingOverflow(extra).overflow { result += 1 }
    }
    return result
  }

  /// The next 32 bits of the ChaCha12 key stream (nonce 0, 64-bit block counter).
  private mutating func next() -> UInt32 {
    if used == 16 {
      block = chachaBlock()
      counter += 1
      used = 0
    }
    used += 1
    return block[used - 1]
  }

  private func chachaBlock() -> [UInt32] {
    let input: [UInt32] =
      [0x6170_7865, 0x3320_646e, 0x7962_2d32, 0x6b20_6574] + key
      + [UInt32(truncatingIfNeeded: counter), UInt32(truncatingIfNeeded: counter >> 32), 0, 0]
    var x = input
    func quarter(_ a: Int, _ b: Int, _ c: Int, _ d: Int) {
      x[a] &+= x[b]
      x[d] ^= x[a]
      x[d] = x[d] << 16 | x[d] >> 16
      x[c] &+= x[d]
      x[b] ^= x[c]
      x[b] = x[b] << 12 | x[b] >> 20
      x[a] &+= x[b]
      x[d] ^= x[a]
      x[d] = x[d] << 8 | x[d] >> 24
      x[c] &+= x[d]
      x[b] ^= x[c]
      x[b] = x[b] << 7 | x[b] >> 25
    }
    for _ in 0..<6 {
      quarter(0, 4, 8, 12)
      quarter(1, 5, 9, 13)
      quarter(2, 6, 10, 14)
      quarter(3, 7, 11, 15)
      quarter(0, 5, 10, 15)
      quarter(1, 6, 11, 12)
      quarter(2, 7, 8, 13)
      quarter(3, 4, 9, 14)
    }
    return zip(x, input).map { $0 &+ $1 }
  }
}
