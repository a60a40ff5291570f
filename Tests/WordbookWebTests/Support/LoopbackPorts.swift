import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Ports on 127.0.0.1 for a server a test starts that cannot be told to choose its own.
enum LoopbackPorts {
  /// `count` ports that nothing listens on now (held apart while they are chosen).
  static func free(_ count: Int) throws -> [UInt16] {
    var sockets: [Int32] = []
    defer { for socket in sockets { close(socket) } }
    var ports: [UInt16] = []
    for _ in 0..<count {
      let descriptor = socket(
        AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
      sockets.append(descriptor)
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      address.sin_port = 0
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
        }
      }
      guard bound else { throw POSIXError(.EADDRINUSE) }
      ports.append(UInt16(bigEndian: address.sin_port))
    }
    return ports
  }
}
