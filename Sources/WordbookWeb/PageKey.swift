/// The secret of a one-learner server's address: the page's folder and the token that lets a
/// browser in. Kept (as its ``description``) and given to the next ``WebServer``, it keeps the
/// address, and every bookmark of it, working after a restart; a new key refuses the old
/// address.
///
/// ```swift
/// let key = stored.flatMap(PageKey.init) ?? PageKey()
/// let server = try WebServer(service: service, key: key)
/// keep(key.description)
/// ```
public struct PageKey: Hashable, Sendable, LosslessStringConvertible {
  /// The folder the page lives in, 32 hexadecimal digits.
  let folder: String
  /// The token, 64 hexadecimal digits.
  let token: String

  /// A fresh key: 384 bits from the system's secure generator.
  public init() {
    folder = String(AccessGuard.makeToken().prefix(32))
    token = AccessGuard.makeToken()
  }

  /// The key `description` writes, or `nil` when `description` is not 96 lowercase
  /// hexadecimal digits.
  public init?(_ description: String) {
    guard description.utf8.count == 96,
      description.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
    else { return nil }
    folder = String(description.prefix(32))
    token = String(description.dropFirst(32))
  }

  /// The key as 96 hexadecimal digits: the folder's, then the token's.
  public var description: String { folder + token }
}
