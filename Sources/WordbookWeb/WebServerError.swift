import Wordbook

/// Why the web server could not start; ``message(in:)`` words it.
public enum WebServerError: Error, Hashable, Sendable {
  /// What is wrong with a certificate and its key.
  public enum CertificateProblem: Hashable, Sendable {
    /// The certificate is not a PEM certificate.
    case notACertificate
    /// The key is not an unencrypted PEM private key.
    case notAKey
    /// GnuTLS refused the certificate or its key: most often, they do not match.
    case refused
  }

  /// libmicrohttpd could not be loaded; the system's words, naming the library.
  case libraryMissing(String)
  /// The address could not be listened on; the system's words.
  case cannotListen(String)
  /// libmicrohttpd did not start on the port it was given.
  case daemonNotStarted(port: UInt16)
  /// A peer is not an origin such as `http://127.0.0.1:8082`.
  case invalidPeer(String)
  /// A certificate or key that is not PEM, or that libmicrohttpd refused.
  case invalidCertificate(CertificateProblem)
  /// The libmicrohttpd installed was built without TLS.
  case tlsUnsupported

  /// What went wrong and what to do, in `language`: one or more sentences, with the values
  /// they name unescaped.
  ///
  /// ```swift
  /// WebServerError.invalidCertificate(.refused).message(in: .english)
  /// // "cannot serve HTTPS: GnuTLS refused the certificate or its key (do they match?). …"
  /// ```
  public func message(in language: Language) -> String {
    language.pageCatalogue.sentence(self)
  }
}
