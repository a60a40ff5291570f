// Shared by the fuzz targets of the chunked readers: hands bytes to a reader through a
// socket whose every read returns one packet, so the fuzzer chooses where the reader's
// windows cut the input, exactly and the same way on every run.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes `bytes` into a `SOCK_SEQPACKET` socket pair in packets of `packetSize` bytes (at
/// most 64 packets, so they all fit in the socket's buffer before anyone reads), closes the
/// writing end, and runs `body` with the reading end, which then returns one packet per read
/// and the end of the file after the last.
func withPackets<Result>(
  _ bytes: [UInt8], packetSize: Int, _ body: (Int32) -> Result
) -> Result {
  var ends: [Int32] = [0, 0]
  #if canImport(Glibc)
    let kind = Int32(SOCK_SEQPACKET.rawValue)
  #else
    let kind = SOCK_SEQPACKET
  #endif
  guard socketpair(AF_UNIX, kind, 0, &ends) == 0 else {
    fatalError("socketpair: \(String(cString: strerror(errno)))")
  }
  let size = max(packetSize, 1, (bytes.count + 63) / 64)
  var offset = 0
  while offset < bytes.count {
    let end = min(offset + size, bytes.count)
    let written = bytes[offset..<end].withUnsafeBytes { send(ends[1], $0.baseAddress, $0.count, 0) }
    guard written == end - offset else {
      fatalError("send: \(String(cString: strerror(errno)))")
    }
    offset = end
  }
  close(ends[1])
  defer { close(ends[0]) }
  return body(ends[0])
}
