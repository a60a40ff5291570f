import Testing

@testable import WordbookAnki

@Suite struct ZipArchiveTests {
  @Test func readsStoredAndDeflatedMembers() throws {
    var zip = ZipBuilder()
    zip.add("stored.txt", Array("hello".utf8), deflated: false)
    zip.add("deflated.txt", Array(repeating: UInt8(ascii: "a"), count: 5000))
    zip.add("empty", [])
    let archive = try ZipArchive(bytes: zip.bytes())
    #expect(archive.entries.map(\.name) == ["stored.txt", "deflated.txt", "empty"])
    #expect(try archive.contents(of: archive.entries[0]) == Array("hello".utf8))
    #expect(try archive.contents(of: archive.entries[1]).count == 5000)
    #expect(try archive.contents(of: archive.entries[2]) == [])
  }

  @Test func refusesWhatIsNotAZip() {
    #expect(throws: AnkiPackageError.corruptZip(.tooShort)) {
      try ZipArchive(bytes: Array("PK".utf8))
    }
    #expect(
      throws: AnkiPackageError.corruptZip(.noDirectoryEnd)
    ) {
      try ZipArchive(bytes: [UInt8](repeating: 7, count: 1000))
    }
  }

  @Test func refusesATruncatedZipAtEveryLength() throws {
    var zip = ZipBuilder()
    zip.add("collection.anki2", Array(repeating: 1, count: 300))
    zip.add("media", Array("{}".utf8))
    let whole = zip.bytes()
    for length in 0..<whole.count {
      let cut = Array(whole[..<length])
      let outcome = Result { () throws(AnkiPackageError) in
        let archive = try ZipArchive(bytes: cut)
        for entry in archive.entries { _ = try archive.contents(of: entry) }
      }
      guard case .failure(let error) = outcome else {
        Issue.record("a zip cut to \(length) of \(whole.count) bytes was read")
        continue
      }
      guard case .corruptZip = error else {
        Issue.record("a zip cut to \(length) bytes gave \(error)")
        continue
      }
    }
  }

  @Test func refusesAZipBombByRatio() throws {
    // 8 MiB of zeros deflate to about 8 KB: a thousand times smaller.
    var zip = ZipBuilder()
    zip.add("collection.anki2", [UInt8](repeating: 0, count: 8 << 20))
    let archive = try ZipArchive(bytes: zip.bytes())
    let entry = try #require(archive.entries.first)
    #expect(entry.uncompressedSize > 100 * entry.compressedSize)
    #expect(throws: AnkiPackageError.self) { try archive.contents(of: entry) }
    do {
      _ = try archive.contents(of: entry)
    } catch {
      guard case .memberTooLarge("collection.anki2", _) = error else {
        Issue.record("unexpected \(error)")
        return
      }
    }
  }

  @Test func refusesAMemberThatInflatesPastItsDeclaredSize() throws {
    // Declares 10 bytes and holds 2,000 zeros: inflating stops at the declared size.
    var zip = ZipBuilder()
    zip.add("media", [UInt8](repeating: 0, count: 2000), declaredSize: 10)
    let archive = try ZipArchive(bytes: zip.bytes())
    #expect(
      throws: AnkiPackageError.corruptZip(.inflatesPastSize("media"))
    ) { try archive.contents(of: archive.entries[0]) }
  }

  @Test func refusesAMemberPastTheSizeLimit() throws {
    var zip = ZipBuilder()
    zip.add("big", [UInt8](repeating: 9, count: 4096), deflated: false)
    let archive = try ZipArchive(
      bytes: zip.bytes(), limits: ZipLimits(maximumMemberSize: 1024))
    #expect(throws: AnkiPackageError.memberTooLarge("big", limit: 1024)) {
      try archive.contents(of: archive.entries[0])
    }
  }

  @Test(arguments: [
    "../evil.png", "media/../../x", "/etc/passwd", "\\windows", "C:evil", "a\\..\\b",
  ])
  func refusesUnsafeMemberPaths(path: String) {
    var zip = ZipBuilder()
    zip.add("media", Array("{}".utf8))
    zip.add(path, [1, 2, 3])
    #expect(throws: AnkiPackageError.unsafePath(path)) { try ZipArchive(bytes: zip.bytes()) }
  }

  @Test func checksTheCRC() throws {
    var zip = ZipBuilder()
    zip.add("media", Array("{}".utf8), declaredCRC: 12345)
    let archive = try ZipArchive(bytes: zip.bytes())
    #expect(throws: AnkiPackageError.checksumMismatch("media")) {
      try archive.contents(of: archive.entries[0])
    }
  }

  @Test func reportsDamagedDeflateData() throws {
    var zip = ZipBuilder()
    zip.add("media", Array(repeating: 5, count: 100))
    var bytes = zip.bytes()
    // The deflated data starts after the 30-byte local header and the 5-byte name.
    for index in 35..<40 { bytes[index] = 0xFF }
    let archive = try ZipArchive(bytes: bytes)
    #expect(throws: AnkiPackageError.self) { try archive.contents(of: archive.entries[0]) }
  }

  @Test func refusesMembersThatShareTheirData() throws {
    // Fifty names for one deflated picture would inflate it fifty times.
    var zip = ZipBuilder()
    zip.add("media", Array("{}".utf8))
    zip.add("0", [UInt8](repeating: 0, count: 1 << 20))
    for number in 1...50 { zip.alias("\(number)", of: 1) }
    #expect(throws: AnkiPackageError.overlappingMembers("0", "1")) {
      try ZipArchive(bytes: zip.bytes())
    }
    #expect(
      AnkiPackageError.overlappingMembers("0", "1").message(in: .english)
        == "the members \"0\" and \"1\" share bytes of the file; "
        + "the package was refused as a possible zip bomb")
  }

  @Test func refusesTwoMembersWithOneName() {
    var zip = ZipBuilder()
    zip.add("media", Array("{}".utf8))
    zip.add("media", Array(#"{"0": "a.png"}"#.utf8))
    #expect(throws: AnkiPackageError.duplicateMember("media")) {
      try ZipArchive(bytes: zip.bytes())
    }
  }

  @Test func readsAMemberLargerThanOnePieceInPieces() throws {
    // Several read and inflate pieces, so the CRC-32 and size checks run across pieces.
    let content = (0..<300_000).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) & 3 }
    var zip = ZipBuilder()
    zip.add("deflated", content)
    zip.add("stored", content, deflated: false)
    let archive = try ZipArchive(bytes: zip.bytes())
    #expect(try archive.contents(of: archive.entries[0]) == content)
    #expect(try archive.contents(of: archive.entries[1]) == content)
  }
}
