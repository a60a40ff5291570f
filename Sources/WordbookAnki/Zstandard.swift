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
  typealias CreateStream = @convention(c) () -> OpaquePointer?
  typealias FreeStream = @convention(c) (OpaquePointer?) -> Int
  typealias DecompressStream =
    @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Int
  typealias IsError = @convention(c) (Int) -> UInt32
  typealias ErrorName = @convention(c) (Int) -> UnsafePointer<CChar>?

  /// The functions ``ZstandardDecoder`` uses.
  struct Library: @unchecked Sendable {
    // Invariant: the pointers are to functions of a library that is never unloaded, and zstd's
    // functions are safe to call from any thread on distinct streams.
    let create: CreateStream
    let free: FreeStream
    let decompress: DecompressStream
    let isError: IsError
    let errorName: ErrorName
  }

  /// The library's functions, or `nil` when it is missing.
  static let library: Library? = {
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
  static func isCompressed(_ bytes: some Collection<UInt8>) -> Bool {
    bytes.starts(with: [0x28, 0xB5, 0x2F, 0xFD])
  }
}
