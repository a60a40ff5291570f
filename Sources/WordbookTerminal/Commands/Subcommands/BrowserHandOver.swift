#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A page that sends the browser on to the server's address, for `serve --open`: the opener
/// gets this page's path, so the token is in a file only the learner can read (0600, in a
/// folder of its own made 0700 by mkdtemp) instead of on a command line every local user
/// sees in `ps`.
struct BrowserHandOver {
  /// The page's path, to give the opener.
  let path: String
  private let folder: String

  /// Writes the page, or returns `nil` when the temporary folder cannot be written.
  init?(url: String) {
    guard let made = TemporaryFolder.make(prefix: "wordbook-open-") else { return nil }
    folder = made
    path = folder + "/open.html"
    // The address is hexadecimal, digits, dots and `:/?=[]`: nothing to escape in HTML.
    let page = """
      <!doctype html>
      <meta charset="utf-8">
      <meta name="referrer" content="no-referrer">
      <meta http-equiv="refresh" content="0; url=\(url)">
      <title>Wordbook</title>
      <a href="\(url)">Wordbook</a>

      """
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    let bytes = Array(page.utf8)
    let written =
      descriptor < 0 ? -1 : bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    if descriptor >= 0 { close(descriptor) }
    guard written == bytes.count else {
      unlink(path)
      rmdir(folder)
      return nil
    }
  }

  /// Deletes the page and its folder.
  func remove() {
    unlink(path)
    rmdir(folder)
  }
}

extension BrowserHandOver {
  /// Opens `url` in this machine's browser by way of a ``BrowserHandOver`` page, so that the
  /// token is on no command line (any local user can read those in `ps`); returns the page to
  /// remove once the server stops, or `nil` when no browser could be started.
  @MainActor static func opening(_ url: String, catalogue: any TerminalCatalogue)
    -> BrowserHandOver?
  {
    // `BROWSER` is the usual way to name the browser (xdg-open and others read it); otherwise
    // the system's opener picks it.
    let chosen = ProcessInfo.processInfo.environment["BROWSER"]?.split(separator: ":").first
    #if os(macOS)
      let opener = chosen.map(String.init) ?? "/usr/bin/open"
    #else
      let opener = chosen.map(String.init) ?? "/usr/bin/xdg-open"
    #endif
    guard let handOver = BrowserHandOver(url: url) else {
      TerminalOutput.standardError.writeLine(
        "wordbook: " + catalogue.text(.browserNotOpened(opener: opener)))
      return nil
    }
    // The opener's own output would land in the middle of the server's lines.
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for descriptor: Int32 in [0, 1, 2] {
      posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_RDWR, 0)
    }
    let argv: [UnsafeMutablePointer<CChar>?] = [strdup(opener), strdup(handOver.path), nil]
    defer { for pointer in argv { free(pointer) } }
    // The opener is the only child `serve` starts, and nothing waits for it: the system
    // reaps it when it exits, so it leaves no zombie behind for as long as the server runs.
    signal(SIGCHLD, SIG_IGN)
    var pid = pid_t()
    guard posix_spawnp(&pid, opener, &actions, nil, argv, environ) == 0 else {
      TerminalOutput.standardError.writeLine(
        "wordbook: " + catalogue.text(.browserNotOpened(opener: opener)))
      handOver.remove()
      return nil
    }
    return handOver
  }
}
