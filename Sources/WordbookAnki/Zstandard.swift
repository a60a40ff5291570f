#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// zstd decompression through the system's `libzstd.so.1`, loaded when first needed.
///
/// The library is loaded at run time rather than linked, because its headers (`libzstd-dev`)
/// are not on a fresh machine while the runtime library (`libzstd1`) almost always is; only
/// packages from recent Anki versions need it, so without it everything else still works.
enum Zstandard {
  private typealias CreateStream = @convention(c) () -> OpaquePointer?
  private typealias FreeStream = @convention(c) (OpaquePointer?) -> Int
  private typealias DecompressStream =
    @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Int
  private typealias IsError = @convention(c) (Int) -> UInt32
  private typealias ErrorName = @convention(c) (Int) -> UnsafePointer<CChar>?

  /// The functions used, or `nil` when the library is missing.
  private struct Library: @unchecked Sendable {
    // Invariant: the pointers are to functions of a library that is never unloaded, and zstd's
    // functions are safe to call from any thread on distinct streams.
    let create: CreateStream
    let free: FreeStream
    let decompress: DecompressStream
    let isError: IsError
    let errorName: ErrorName
  }

  private static let library: Library? = {
    for name in ["libzstd.so.1", "libzstd.1.dylib", "libzstd.so"] {
      guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else { continue }
      guard let create = dlsym(handle, "ZSTD_createDStream"),
        let free = dlsym(handle, "ZSTD_freeDStream"),
        let decompress = dlsym(handle, "ZSTD_decompressStream"),
        let isError = dlsym(handle, "ZSTD_isError"),
        let errorName = dlsym(handle, "ZSTD_getErrorName")
      else { continue }
      return Library(
        create: unsafeBitCast(create, to: CreateStream.self),
        free: unsafeBitCast(free, to: FreeStream.self),
        decompress: unsafeBitCast(decompress, to: DecompressStream.self),
        isError: unsafeBitCast(isError, to: IsError.self),
        errorName: unsafeBitCast(errorName, to: ErrorName.self))
    }
    return nil
  }()

  /// Whether `libzstd.so.1` could be loaded.
  static var isAvailable: Bool { library != nil }

  /// Whether `bytes` start with a zstd frame's magic number.
  static func isCompressed(_ bytes: [UInt8]) -> Bool {
    bytes.starts(with: [0x28, 0xB5, 0x2F, 0xFD])
  }

  /// The bytes `compressed` decompresses to, at most `limit` of them.
  ///
  /// - Throws: ``AnkiPackageError/zstdUnavailable`` without the library,
  ///   ``AnkiPackageError/corruptZstd(_:)`` for damaged or truncated data, and
  ///   ``AnkiPackageError/memberTooLarge(_:limit:)`` past `limit`.
  static func decompress(_ compressed: [UInt8], limit: Int, name: String)
    throws(AnkiPackageError) -> [UInt8]
  {
    guard let library else { throw .zstdUnavailable }
    guard let stream = library.create() else { throw .corruptZstd("out of memory") }
    defer { _ = library.free(stream) }
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    // ZSTD_inBuffer and ZSTD_outBuffer are { pointer, size_t size, size_t pos }: three words,
    // written at explicit offsets so no Swift struct layout is assumed.
    let word = MemoryLayout<Int>.size
    let inBuffer = UnsafeMutableRawPointer.allocate(byteCount: 3 * word, alignment: word)
    let outBuffer = UnsafeMutableRawPointer.allocate(byteCount: 3 * word, alignment: word)
    defer {
      inBuffer.deallocate()
      outBuffer.deallocate()
    }
    let lastResult = compressed.withUnsafeBytes { source -> Result<Int, AnkiPackageError> in
      var lastResult = 0
      inBuffer.storeBytes(of: source.baseAddress, toByteOffset: 0, as: UnsafeRawPointer?.self)
      inBuffer.storeBytes(of: source.count, toByteOffset: word, as: Int.self)
      inBuffer.storeBytes(of: 0, toByteOffset: 2 * word, as: Int.self)
      while true {
        let (result, produced) = chunk.withUnsafeMutableBytes { target in
          outBuffer.storeBytes(
            of: target.baseAddress, toByteOffset: 0, as: UnsafeMutableRawPointer?.self)
          outBuffer.storeBytes(of: target.count, toByteOffset: word, as: Int.self)
          outBuffer.storeBytes(of: 0, toByteOffset: 2 * word, as: Int.self)
          let result = library.decompress(stream, outBuffer, inBuffer)
          return (result, outBuffer.load(fromByteOffset: 2 * word, as: Int.self))
        }
        if library.isError(result) != 0 {
          let reason = library.errorName(result).map { String(cString: $0) } ?? "unknown error"
          return .failure(.corruptZstd(reason))
        }
        guard output.count + produced <= limit else {
          return .failure(.memberTooLarge(name, limit: limit))
        }
        output.append(contentsOf: chunk[..<produced])
        lastResult = result
        let consumed = inBuffer.load(fromByteOffset: 2 * word, as: Int.self)
        // Done when all input is read and the output chunk was not filled (nothing is pending).
        if consumed == source.count && produced < chunk.count { return .success(lastResult) }
      }
    }
    // A non-zero result at the end means the last frame is incomplete.
    guard try lastResult.get() == 0 else { throw .corruptZstd("the data is cut short") }
    return output
  }
}
