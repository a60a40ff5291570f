import Testing
import Wordbook
import WordbookAnki
import WordbookInterchange
import WordbookTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Every error of the Anki package reader, and a rejected note, is worded in English and in
/// Korean, and both name the values.
@Suite struct AnkiCatalogueTests {
  /// The values the sentences below name.
  private static let values = [
    "4242", "marker.apkg", "/tmp/marker", "\"collection.anki21\"", "\"media\"", "zip64",
    "Data corruption detected", "no such table: notes",
  ]
  /// What stays as it is in Korean.
  private static let names = [
    "Anki", "zip", "zstd", ".apkg", "CRC-32", "SQLite", "TMPDIR", "libzstd.so.1", "libzstd1",
    "apt-get install", "Debian", "Ubuntu", "collection.anki21b", "collection.anki21",
    "collection.anki2", "zlib", "notes",
  ]

  @Test func everyPackageErrorHasBothLanguages() {
    var errors: [AnkiPackageError] = [
      .readFailed(errorNumber: 4242),
      .unsafePath("/tmp/marker"), .memberTooLarge("media", limit: 4242),
      .duplicateMember("media"), .overlappingMembers("media", "collection.anki21"),
      .packageTooLarge("media", limit: 4242), .checksumMismatch("media"), .noCollection,
      .collectionTooComplex("marker.apkg", steps: 4242),
      .tooManyReviews("marker.apkg", limit: 4242),
      .temporaryFileFailed("/tmp/marker", errorNumber: ENOSPC),
      .temporaryFileFailed("/tmp/marker", errorNumber: EACCES), .zstdUnavailable,
      .mediaWriteFailed("/tmp/marker", errorNumber: ENOSPC),
      .mediaWriteFailed("/tmp/marker", errorNumber: EACCES),
    ]
    errors += Self.zipDamages.map { .corruptZip($0) }
    errors += [.zip64, .encryption, .compressionMethod(4242)].map { .unsupportedZip($0) }
    errors += [.outOfMemory, .cutShort, .refused("Data corruption detected")].map {
      .corruptZstd($0)
    }
    errors += Self.collectionProblems.map { .notACollection($0) }
    #expect(Set(errors.map(Self.index)) == Set(0..<17))
    for error in errors {
      CatalogueCheck.expectBoth(
        error.message(in: .english), error.message(in: .korean),
        values: Self.values + ["\(ENOSPC)", "\(EACCES)"], names: Self.names)
    }
  }

  @Test func aRejectedNoteNamesItsPackageAndPosition() {
    let problem = AnkiNoteProblem(note: 4242, reason: .emptyTerm)
    #expect(
      problem.message(in: .english, file: "marker.apkg")
        == "marker.apkg, note 4242: the term is empty")
    CatalogueCheck.expectBoth(
      problem.message(in: .english, file: "marker.apkg"),
      problem.message(in: .korean, file: "marker.apkg"), values: Self.values, names: Self.names)
  }

  private static let zipDamages: [AnkiPackageError.ZipDamage] = [
    .tooShort, .noDirectoryEnd, .directoryOutsideFile, .damagedDirectoryEntry,
    .directoryEntryOverruns, .outsideFile, .endsEarly, .memberOutsideFile("media"),
    .noLocalHeader("media"), .memberOverruns("media"), .storedSizesDiffer("media"),
    .inflatesPastSize("media"), .inflatesToOtherSize("media"), .damagedMember("media"),
    .inflaterNotStarted("media"),
  ]

  private static let collectionProblems: [AnkiPackageError.CollectionProblem] = [
    .notSQLite("marker.apkg"), .cannotOpen("marker.apkg"), .cannotGuard("marker.apkg"),
    .notAnOrdinaryTable("marker.apkg", table: "notes"), .noNotesTable("marker.apkg"),
    .queryFailed("marker.apkg", message: "no such table: notes"),
  ]

  private static func index(_ error: AnkiPackageError) -> Int {
    switch error {
    case .readFailed: 0
    case .corruptZip: 1
    case .unsupportedZip: 2
    case .unsafePath: 3
    case .memberTooLarge: 4
    case .duplicateMember: 5
    case .overlappingMembers: 6
    case .packageTooLarge: 7
    case .checksumMismatch: 8
    case .noCollection: 9
    case .notACollection: 10
    case .collectionTooComplex: 11
    case .tooManyReviews: 12
    case .temporaryFileFailed: 13
    case .zstdUnavailable: 14
    case .corruptZstd: 15
    case .mediaWriteFailed: 16
    }
  }
}
