import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Argon2id password hashes through libsodium (`crypto_pwhash_str_alg`, its verify and
/// needs-rehash), loaded at run time when first needed.
///
/// The library is loaded rather than linked because a fresh machine has its runtime
/// (`libsodium23`) but not its headers, and only accounts need it: every other command works
/// without it. A hash costs libsodium's interactive limits (2 passes over 64 MiB, under 0.1 s
/// here), and hashes are made one at a time on a queue of their own, so that sign-ins never
/// take more than 64 MiB at once nor a thread of Swift's cooperative pool.
enum PasswordHashing {
  typealias Initialize = @convention(c) () -> Int32
  typealias HashString =
    @convention(c) (
      UnsafeMutablePointer<CChar>?, UnsafePointer<CChar>?, UInt64, UInt64, Int, Int32
    ) -> Int32
  typealias VerifyString =
    @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?, UInt64) -> Int32
  typealias NeedsRehash = @convention(c) (UnsafePointer<CChar>?, UInt64, Int) -> Int32

  /// libsodium's functions.
  struct Library: @unchecked Sendable {
    // Invariant: the pointers are to functions of a library that is never unloaded, and
    // libsodium's functions are safe to call from any thread once `sodium_init` has run.
    let hash: HashString
    let verify: VerifyString
    let needsRehash: NeedsRehash
  }

  /// The most bytes of a password: longer ones are refused before any work.
  static let maximumBytes = 1024
  /// The fewest characters of a password.
  static let minimumCharacters = 8
  /// libsodium's `crypto_pwhash_OPSLIMIT_INTERACTIVE`: passes over the memory.
  static let operations: UInt64 = 2
  /// libsodium's `crypto_pwhash_MEMLIMIT_INTERACTIVE`: bytes of memory per hash.
  static let memory = 64 * 1024 * 1024
  /// libsodium's `crypto_pwhash_ALG_ARGON2ID13`.
  private static let argon2id: Int32 = 2
  /// libsodium's `crypto_pwhash_STRBYTES`: a hash's bytes, its terminating zero included.
  private static let hashBytes = 128

  /// The queue every hash and verification runs on, one at a time.
  private static let queue = DispatchQueue(label: "Wordbook.PasswordHashing")

  /// The library, or the reason it cannot be used.
  static let library: Result<Library, AccountError> = {
    let names = ["libsodium.so.23", "libsodium.23.dylib", "libsodium.so"]
    guard let handle = names.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else {
      return .failure(.hashingUnavailable)
    }
    guard let initialize = dlsym(handle, "sodium_init"),
      let hash = dlsym(handle, "crypto_pwhash_str_alg"),
      let verify = dlsym(handle, "crypto_pwhash_str_verify"),
      let needsRehash = dlsym(handle, "crypto_pwhash_str_needs_rehash"),
      unsafeBitCast(initialize, to: Initialize.self)() >= 0
    else { return .failure(.hashingUnavailable) }
    return .success(
      Library(
        hash: unsafeBitCast(hash, to: HashString.self),
        verify: unsafeBitCast(verify, to: VerifyString.self),
        needsRehash: unsafeBitCast(needsRehash, to: NeedsRehash.self)))
  }()

  /// A new Argon2id hash of `password`, in the PHC string form (`$argon2id$v=19$m=…`).
  ///
  /// - Throws: ``AccountError`` when the password is too short or too long, or when libsodium
  ///   is missing or out of memory.
  static func hash(_ password: String) async throws(AccountError) -> String {
    try check(password)
    let library = try library.get()
    return try await onQueue { () throws(AccountError) in
      var output = [CChar](repeating: 0, count: hashBytes)
      let status = password.withCString { text in
        library.hash(&output, text, UInt64(password.utf8.count), operations, memory, argon2id)
      }
      guard status == 0 else { throw .hashingFailed }
      return String(
        decoding: output.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
  }

  /// Whether `password` is the one `hash` was made from.
  static func verify(_ password: String, against hash: String) async throws(AccountError) -> Bool {
    guard password.utf8.count <= maximumBytes, !password.utf8.contains(0) else { return false }
    let library = try library.get()
    return try await onQueue { () throws(AccountError) in
      password.withCString { text in
        hash.withCString { library.verify($0, text, UInt64(password.utf8.count)) == 0 }
      }
    }
  }

  /// Whether `hash` was made with other settings than today's, or by another algorithm, so
  /// that a sign-in should replace it.
  static func needsRehash(_ hash: String) -> Bool {
    guard hash.hasPrefix("$argon2id$"), case .success(let library) = library else { return true }
    return hash.withCString { library.needsRehash($0, operations, memory) } != 0
  }

  /// Refuses a password shorter than ``minimumCharacters`` or longer than ``maximumBytes``, or
  /// one with a zero byte, which C would cut it at.
  static func check(_ password: String) throws(AccountError) {
    guard password.utf8.count <= maximumBytes, !password.utf8.contains(0) else {
      throw .passwordTooLong(maximumBytes: maximumBytes)
    }
    guard password.count >= minimumCharacters else {
      throw .passwordTooShort(minimumCharacters: minimumCharacters)
    }
  }

  /// Runs `body` on ``queue`` and returns what it gives; the caller suspends meanwhile.
  private static func onQueue<Value: Sendable>(
    _ body: @escaping @Sendable () throws(AccountError) -> Value
  ) async throws(AccountError) -> Value {
    let result = await withCheckedContinuation {
      (continuation: CheckedContinuation<Result<Value, AccountError>, Never>) in
      queue.async {
        continuation.resume(returning: Result { () throws(AccountError) in try body() })
      }
    }
    return try result.get()
  }
}
