#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The machine the benchmarks ran on, as the report shows it.
struct Machine: Sendable, Decodable {
  var cores: Int
  var processor: String
  /// The 1, 5 and 15 minute load averages when the run started.
  var loadAtStart: String
  /// The load averages when the run ended.
  var loadAtEnd = ""

  /// Reads the machine's description now.
  static func current() -> Machine {
    let processor =
      readTextFile("/proc/cpuinfo")?
      .split(separator: "\n")
      .first { $0.hasPrefix("model name") }
      .flatMap { $0.split(separator: ":", maxSplits: 1).last }
      .map { $0.trimmingPrefix(" ") }
      .map(String.init) ?? "unknown processor"
    return Machine(
      cores: sysconf(Int32(_SC_NPROCESSORS_ONLN)), processor: processor,
      loadAtStart: loadAverage())
  }

  /// The first three fields of `/proc/loadavg`.
  static func loadAverage() -> String {
    guard let text = readTextFile("/proc/loadavg") else { return "unknown" }
    return text.split(separator: " ").prefix(3).joined(separator: " ")
  }
}

/// The contents of a text file, or `nil` when it cannot be read.
func readTextFile(_ path: String) -> String? {
  guard let file = fopen(path, "r") else { return nil }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 65_536)
  while true {
    let count = fread(&buffer, 1, buffer.count, file)
    if count <= 0 { break }
    bytes.append(contentsOf: buffer[0..<count])
  }
  return String(decoding: bytes, as: UTF8.self)
}

/// A file that could not be written.
struct WriteError: Error, CustomStringConvertible {
  var path: String
  var description: String { "cannot write \(path): \(String(cString: strerror(errno)))" }
}

/// Writes `text` to the file at `path`, replacing it.
func writeTextFile(_ path: String, _ text: String) throws(WriteError) {
  guard let file = fopen(path, "w") else { throw WriteError(path: path) }
  let bytes = Array(text.utf8)
  let written = fwrite(bytes, 1, bytes.count, file)
  let closed = fclose(file)
  guard written == bytes.count, closed == 0 else { throw WriteError(path: path) }
}

/// Resident memory of this process, from `/proc/self/status`.
enum ResidentMemory {
  /// The peak resident set size (`VmHWM`) in bytes.
  static var peak: Int { field("VmHWM:") }
  /// The current resident set size (`VmRSS`) in bytes.
  static var current: Int { field("VmRSS:") }

  /// Starts a new peak from the current resident size (Linux `clear_refs` mode 5).
  static func resetPeak() -> Bool {
    guard let file = fopen("/proc/self/clear_refs", "w") else { return false }
    let written = fputs("5", file)
    return fclose(file) == 0 && written >= 0
  }

  private static func field(_ name: String) -> Int {
    guard let status = readTextFile("/proc/self/status"),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) })
    else { return 0 }
    let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    return kilobytes * 1024
  }
}
