/// A certificate and its private key, in PEM, that a ``WebServer`` serves the page with over
/// HTTPS (libmicrohttpd's TLS, through GnuTLS): what `wordbook serve --tls-cert FILE --tls-key
/// FILE` reads. A phone needs HTTPS for the page's service worker, everywhere but `localhost`.
///
/// The texts are checked for what a PEM file holds (a `-----BEGIN` block, no NUL byte, at most
/// ``largestPEM`` bytes); whether the key belongs to the certificate is GnuTLS's check, as the
/// server starts.
public struct TLSCertificate: Hashable, Sendable {
  /// The certificate, or the chain from it to its issuer, in PEM.
  public let certificatePEM: String
  /// The certificate's private key, in PEM, unencrypted.
  public let privateKeyPEM: String

  /// The most bytes a certificate or a key may have: no real one comes near.
  public static let largestPEM = 1 << 20

  /// A certificate and its key, checked to read as PEM.
  ///
  /// - Parameters:
  ///   - certificatePEM: The certificate (`-----BEGIN CERTIFICATE-----`), or a chain.
  ///   - privateKeyPEM: Its private key (`-----BEGIN PRIVATE KEY-----` or an RSA or EC key).
  /// - Throws: ``WebServerError/invalidCertificate(_:)`` saying which text is not PEM.
  public init(certificatePEM: String, privateKeyPEM: String) throws(WebServerError) {
    guard Self.isPEM(certificatePEM, holding: "CERTIFICATE") else {
      throw .invalidCertificate(.notACertificate)
    }
    guard Self.isPEM(privateKeyPEM, holding: "PRIVATE KEY") else {
      throw .invalidCertificate(.notAKey)
    }
    self.certificatePEM = certificatePEM
    self.privateKeyPEM = privateKeyPEM
  }

  /// Whether `text` is a PEM text of a bounded size with a block whose label ends with `label`.
  private static func isPEM(_ text: String, holding label: String) -> Bool {
    guard text.utf8.count <= largestPEM, !text.utf8.contains(0) else { return false }
    return text.split(whereSeparator: \.isNewline).contains { line in
      line.hasPrefix("-----BEGIN ") && line.hasSuffix(label + "-----")
        && !line.contains("ENCRYPTED")
    }
  }
}
