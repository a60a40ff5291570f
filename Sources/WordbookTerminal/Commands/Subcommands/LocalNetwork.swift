#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// This machine on its networks: where a phone on the same Wi-Fi reaches `serve`.
enum LocalNetwork {
  /// The IPv4 address of the first interface that is up, running and not a loopback, such as
  /// a Wi-Fi's `192.168.1.20`; `nil` when there is none.
  static func address() -> String? {
    var list: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&list) == 0, let first = list else { return nil }
    defer { freeifaddrs(list) }
    let wanted = UInt32(IFF_UP) | UInt32(IFF_RUNNING)
    for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
      let flags = UInt32(entry.pointee.ifa_flags)
      guard let address = entry.pointee.ifa_addr,
        address.pointee.sa_family == sa_family_t(AF_INET), flags & wanted == wanted,
        flags & UInt32(IFF_LOOPBACK) == 0
      else { continue }
      var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
      let written = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet in
        var raw = inet.pointee.sin_addr
        return inet_ntop(AF_INET, &raw, &text, socklen_t(INET_ADDRSTRLEN)) != nil
      }
      if written {
        return String(
          decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      }
    }
    return nil
  }
}
