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
