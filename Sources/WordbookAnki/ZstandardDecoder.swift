/// A zstd decompression fed its input a piece at a time, handing its output on a piece at a
/// time, through the functions ``Zstandard`` loads.
final class ZstandardDecoder {
  /// The most output handed on at once.
  private static let pieceSize = 1 << 16

  private let library: Zstandard.Library
  private let stream: OpaquePointer
  private let name: String
  private let limit: Int
  private let budget: ExpansionBudget
  private var output = [UInt8](repeating: 0, count: pieceSize)
  /// ZSTD_inBuffer and ZSTD_outBuffer are { pointer, size_t size, size_t pos }: three words,
  /// written at explicit offsets so no Swift struct layout is assumed.
  private let inBuffer: UnsafeMutableRawPointer
  private let outBuffer: UnsafeMutableRawPointer
  private static let word = MemoryLayout<Int>.size
  private var produced = 0
  /// What the last call returned: 0 once a frame is complete, else a hint of the input to come.
  private var lastResult = 0

  /// A decoder for the member `name`, which may decompress to at most `limit` bytes, each
  /// spent from `budget`.
  ///
  /// - Throws: ``AnkiPackageError/zstdUnavailable`` without the library.
  init(name: String, limit: Int, budget: ExpansionBudget) throws(AnkiPackageError) {
    guard let library = Zstandard.library else { throw .zstdUnavailable }
    guard let stream = library.create() else { throw .corruptZstd(.outOfMemory) }
    self.library = library
    self.stream = stream
    self.name = name
    self.limit = limit
    self.budget = budget
    inBuffer = UnsafeMutableRawPointer.allocate(byteCount: 3 * Self.word, alignment: Self.word)
    outBuffer = UnsafeMutableRawPointer.allocate(byteCount: 3 * Self.word, alignment: Self.word)
  }

  deinit {
    _ = library.free(stream)
    inBuffer.deallocate()
    outBuffer.deallocate()
  }

  /// Decompresses the next piece of input, handing each piece of output to `sink`.
  ///
  /// - Throws: ``AnkiPackageError/corruptZstd(_:)`` for damaged data,
  ///   ``AnkiPackageError/memberTooLarge(_:limit:)`` past the decoder's limit,
  ///   ``AnkiPackageError/packageTooLarge(_:limit:)`` past the budget, and what `sink` throws.
  func decode(
    _ input: ArraySlice<UInt8>, into sink: (ArraySlice<UInt8>) throws(AnkiPackageError) -> Void
  ) throws(AnkiPackageError) {
    // withUnsafeBytes rethrows untyped errors: the typed one comes out as a Result.
    let outcome = input.withUnsafeBytes { source in
      Result { () throws(AnkiPackageError) in try decode(source, into: sink) }
    }
    try outcome.get()
  }

  private func decode(
    _ source: UnsafeRawBufferPointer,
    into sink: (ArraySlice<UInt8>) throws(AnkiPackageError) -> Void
  ) throws(AnkiPackageError) {
    let word = Self.word
    inBuffer.storeBytes(of: source.baseAddress, toByteOffset: 0, as: UnsafeRawPointer?.self)
    inBuffer.storeBytes(of: source.count, toByteOffset: word, as: Int.self)
    inBuffer.storeBytes(of: 0, toByteOffset: 2 * word, as: Int.self)
    while true {
      let (result, count) = output.withUnsafeMutableBytes { target in
        outBuffer.storeBytes(
          of: target.baseAddress, toByteOffset: 0, as: UnsafeMutableRawPointer?.self)
        outBuffer.storeBytes(of: target.count, toByteOffset: word, as: Int.self)
        outBuffer.storeBytes(of: 0, toByteOffset: 2 * word, as: Int.self)
        let result = library.decompress(stream, outBuffer, inBuffer)
        return (result, outBuffer.load(fromByteOffset: 2 * word, as: Int.self))
      }
      if library.isError(result) != 0 {
        let reason = library.errorName(result).map { String(cString: $0) } ?? "unknown error"
        throw .corruptZstd(.refused(reason))
      }
      produced += count
      guard produced <= limit else { throw .memberTooLarge(name, limit: limit) }
      try budget.spend(count, on: name)
      if count > 0 { try sink(output[..<count]) }
      lastResult = result
      let consumed = inBuffer.load(fromByteOffset: 2 * word, as: Int.self)
      // Done with this piece when all of it is read and the output was not filled (nothing is
      // pending).
      if consumed == source.count && count < Self.pieceSize { return }
    }
  }

  /// Checks that the input ended at the end of a frame.
  ///
  /// - Throws: ``AnkiPackageError/corruptZstd(_:)`` when the last frame is incomplete.
  func finish() throws(AnkiPackageError) {
    guard lastResult == 0 else { throw .corruptZstd(.cutShort) }
  }
}
