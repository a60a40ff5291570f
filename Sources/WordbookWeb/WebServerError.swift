/// Why the web server could not start.
public enum WebServerError: Error, Hashable, Sendable, CustomStringConvertible {
  /// libmicrohttpd could not be loaded; the message names the package to install.
  case libraryMissing(String)
  /// The address could not be listened on.
  case cannotListen(String)
  /// A peer is not an origin such as `http://127.0.0.1:8082`.
  case invalidPeer(String)
  /// A certificate or key that is not PEM, or that libmicrohttpd refused: what is wrong.
  case invalidCertificate(String)
  /// The libmicrohttpd installed was built without TLS.
  case tlsUnsupported

  /// One line saying what went wrong and what to do.
  public var message: String {
    switch self {
    case .libraryMissing(let detail):
      "the web server needs GNU libmicrohttpd (\(detail)). Install it: "
        + "'apt-get install libmicrohttpd12' on Debian or Ubuntu, 'brew install libmicrohttpd' "
        + "on macOS."
    case .cannotListen(let detail): "cannot start the web server: \(detail)."
    case .invalidPeer(let peer):
      "'\(peer)' is not a server's origin; give peers as http://HOST:PORT, with no path."
    case .invalidCertificate(let detail):
      "cannot serve HTTPS: \(detail). Give the certificate and its unencrypted private key as "
        + "PEM files (openssl req -x509 -newkey rsa:2048 -nodes -keyout key.pem -out cert.pem)."
    case .tlsUnsupported:
      "cannot serve HTTPS: this libmicrohttpd was built without TLS. Install a build with "
        + "GnuTLS (Debian's and Homebrew's libmicrohttpd have it), or put an HTTPS proxy in "
        + "front of 'wordbook serve'."
    }
  }

  /// The same as ``message``.
  public var description: String { message }
}
