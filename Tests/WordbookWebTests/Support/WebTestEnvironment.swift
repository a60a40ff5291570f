import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What the web tests need from the machine, and why a test is skipped without it.
enum WebTestEnvironment {
  /// Whether libmicrohttpd can be loaded, as the server loads it.
  static let hasLibrary: Bool = {
    guard let handle = dlopen("libmicrohttpd.so.12", RTLD_NOW | RTLD_LOCAL) else { return false }
    dlclose(handle)
    return true
  }()

  /// The Chromium binary and its WebDriver, if both are installed with curl, which talks to
  /// the WebDriver.
  static let browser: (chromium: String, driver: String)? = {
    let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
    let driver = ["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
    guard let chromium, let driver, FileManager.default.isExecutableFile(atPath: "/usr/bin/curl")
    else { return nil }
    return (chromium, driver)
  }()

  /// Whether the tests run under the thread sanitizer (`swift test --sanitize=thread`), whose
  /// runtime defines `__tsan_init`.
  static let isUnderThreadSanitizer: Bool = {
    guard let process = dlopen(nil, RTLD_NOW) else { return false }
    defer { dlclose(process) }
    return dlsym(process, "__tsan_init") != nil
  }()

  static let libraryReason: Comment =
    "libmicrohttpd is not installed (apt-get install libmicrohttpd12)"
  static let browserReason: Comment =
    "libmicrohttpd, chromium, chromium-driver or curl is missing (apt-get install libmicrohttpd12 chromium chromium-driver curl)"

  /// Waits for `condition`, polling every 50 ms for at most `timeout`.
  @MainActor static func waitUntil(
    timeout: Duration = .seconds(60), _ condition: () async throws -> Bool
  ) async throws -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while clock.now < deadline {
      if try await condition() { return true }
      try await Task.sleep(for: .milliseconds(50))
    }
    return try await condition()
  }
}
