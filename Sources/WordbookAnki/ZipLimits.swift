/// How large a zip member may inflate, so that a zip bomb is refused before it fills memory.
public struct ZipLimits: Hashable, Sendable {
  /// The largest member, inflated: 1 GiB unless set.
  public var maximumMemberSize: Int
  /// How many times its compressed size a member may inflate to: 100 unless set.
  public var maximumRatio: Int
  /// The size up to which the ratio is not checked: 1 MiB unless set. Small files of repeated
  /// bytes (an almost empty SQLite collection) legitimately compress more than 100 times, and a
  /// megabyte is no threat.
  public var ratioExemptSize: Int

  /// Creates limits.
  public init(
    maximumMemberSize: Int = 1 << 30, maximumRatio: Int = 100, ratioExemptSize: Int = 1 << 20
  ) {
    self.maximumMemberSize = maximumMemberSize
    self.maximumRatio = maximumRatio
    self.ratioExemptSize = ratioExemptSize
  }

  /// The most that everything read from a package of `packageSize` bytes may expand to, every
  /// member and every layer of compression counted: ``maximumRatio`` times the package's size,
  /// or ``ratioExemptSize`` for a smaller package.
  public func allowedExpansion(packageSize: Int) -> Int {
    let (ratioSize, overflow) = packageSize.multipliedReportingOverflow(by: maximumRatio)
    return overflow ? Int.max : max(ratioSize, ratioExemptSize)
  }

  /// The largest size a member with this compressed size may inflate to.
  func allowedSize(compressedSize: Int) -> Int {
    let (ratioSize, overflow) = compressedSize.multipliedReportingOverflow(by: maximumRatio)
    let byRatio = overflow ? Int.max : max(ratioSize, ratioExemptSize)
    return min(maximumMemberSize, byRatio)
  }
}
