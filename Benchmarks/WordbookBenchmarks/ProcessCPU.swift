#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The CPU time processes have used, read from Linux's `/proc/PID/stat`: user and system time,
/// in seconds, at the kernel's clock tick (10 ms).
enum ProcessCPU {
  /// The kernel's clock ticks a second.
  private static let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))

  /// The fields of `/proc/pid/stat` after the command's name (which may hold spaces): the
  /// state first, so field *n* of proc(5) is at *n* − 3.
  private static func fields(of pid: pid_t) -> [Substring]? {
    guard let stat = readTextFile("/proc/\(pid)/stat"), let end = stat.lastIndex(of: ")") else {
      return nil
    }
    return stat[stat.index(after: end)...].split(separator: " ")
  }

  /// The CPU seconds `pid` has used, all its threads; with `reapedChildren`, also those of the
  /// children it has waited for (a postmaster's ended backends). `nil` once it has exited.
  static func seconds(of pid: pid_t, reapedChildren: Bool = false) -> Double? {
    guard let fields = fields(of: pid), fields.count > 14 else { return nil }
    let used = [11, 12] + (reapedChildren ? [13, 14] : [])
    return used.compactMap { Double(fields[$0]) }.reduce(0, +) / ticksPerSecond
  }

  /// The CPU seconds of a process tree one level deep: `parent` with the children it reaped,
  /// and every child still running. Read twice, the difference is what the tree used between
  /// the readings, whichever children started or ended between them.
  static func seconds(ofTree parent: pid_t) -> Double? {
    guard var total = seconds(of: parent, reapedChildren: true),
      let folder = opendir("/proc")
    else { return nil }
    defer { closedir(folder) }
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard let pid = pid_t(name), let fields = fields(of: pid), fields.count > 14,
        pid_t(fields[1]) == parent
      else { continue }
      total += [11, 12].compactMap { Double(fields[$0]) }.reduce(0, +) / ticksPerSecond
    }
    return total
  }
}
