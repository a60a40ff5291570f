// libFuzzer target for the .apkg zip reader: the input is a package. Built by .ci/fuzz, not by
// SwiftPM. Any outcome but a crash is fine: a damaged package must come back as
// AnkiPackageError. The limits are small so a fuzzed zip bomb is refused, not allocated.
import WordbookAnki

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAnkiPackage(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
  let limits = ZipLimits(maximumMemberSize: 1 << 22, maximumRatio: 100, ratioExemptSize: 1 << 16)
  guard let archive = try? ZipArchive(bytes: bytes, limits: limits) else { return 0 }
  for entry in archive.entries { _ = try? archive.contents(of: entry) }
  _ = try? AnkiPackage(archive: archive).noteFields()
  return 0
}
