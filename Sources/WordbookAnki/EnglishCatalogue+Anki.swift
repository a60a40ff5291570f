import Wordbook

/// The Anki package reader's sentences in English.
extension EnglishCatalogue: AnkiCatalogue {
  func sentence(_ error: AnkiPackageError) -> String {
    switch error {
    case .readFailed(let number):
      "cannot read the package (error \(number)); check the path and its permissions"
    case .corruptZip(let damage):
      "not a readable zip archive (\(Self.clause(damage))); the .apkg file is damaged or "
        + "incomplete"
    case .unsupportedZip(let feature):
      "the zip archive uses \(Self.name(feature)), which is not supported; export the deck "
        + "again from Anki"
    case .unsafePath(let path):
      "the package holds a member with an unsafe path \"\(path)\"; it was not imported"
    case .memberTooLarge(let name, let limit):
      "the member \"\(name)\" inflates past \(limit) bytes or 100 times its compressed size; "
        + "the package was refused as a possible zip bomb"
    case .duplicateMember(let name):
      "the package holds two members named \"\(name)\"; it was refused as damaged or crafted"
    case .overlappingMembers(let first, let second):
      "the members \"\(first)\" and \"\(second)\" share bytes of the file; "
        + "the package was refused as a possible zip bomb"
    case .packageTooLarge(let name, let limit):
      "the package expands past \(limit) bytes in all (100 times its size) while reading "
        + "\"\(name)\"; it was refused as a possible zip bomb"
    case .checksumMismatch(let name):
      "the member \"\(name)\" fails its CRC-32 check; the .apkg file is damaged"
    case .noCollection:
      "not an Anki package: it holds no collection.anki21b, collection.anki21 or collection.anki2"
    case .notACollection(let problem):
      "the package's collection is not an Anki collection (\(Self.clause(problem)))"
    case .collectionTooComplex(let name, let steps):
      "reading \(name) took more than \(steps) SQLite steps, far more than a collection of its "
        + "size needs; the package was refused"
    case .tooManyReviews(let name, let limit):
      "the review log of \(name) holds more than \(limit) answers, far more than a learner "
        + "gives; the package was refused"
    case .temporaryFileFailed(let path, let number):
      AnkiPackageError.isFullDisk(number)
        ? "cannot unpack the collection in \(path): the disk holding it is full "
          + "(error \(number)); free some space and try again"
        : "cannot unpack the collection in \(path) (error \(number)); "
          + "check that the temporary folder (TMPDIR) is writable"
    case .zstdUnavailable:
      "this package is compressed with zstd, and libzstd.so.1 could not be loaded; "
        + "install it (Debian and Ubuntu: apt-get install libzstd1)"
    case .corruptZstd(let damage):
      "the package's zstd-compressed collection is damaged (\(Self.clause(damage)))"
    case .mediaWriteFailed(let path, let number):
      AnkiPackageError.isFullDisk(number)
        ? "cannot write pictures to the media folder \(path): the disk holding it is full "
          + "(error \(number)); free some space and try again"
        : "cannot write pictures to the media folder \(path) (error \(number)); "
          + "check that its folder is writable"
    }
  }

  func sentence(_ problem: AnkiNoteProblem, file: String) -> String {
    "\(file), note \(problem.note): \(problem.reason.clause(in: .english))"
  }

  private static func clause(_ damage: AnkiPackageError.ZipDamage) -> String {
    switch damage {
    case .tooShort: "too short to hold a zip directory"
    case .noDirectoryEnd: "no end of central directory; the file may be cut short"
    case .directoryOutsideFile: "the central directory lies outside the file"
    case .damagedDirectoryEntry: "a central directory entry is damaged"
    case .directoryEntryOverruns: "a central directory entry runs past the directory"
    case .outsideFile: "a member lies outside the file"
    case .endsEarly: "the file ends early"
    case .memberOutsideFile(let name): "the member \"\(name)\" starts outside the file"
    case .noLocalHeader(let name): "the member \"\(name)\" has no local header"
    case .memberOverruns(let name): "the member \"\(name)\" runs past the end of its data"
    case .storedSizesDiffer(let name): "the stored member \"\(name)\" has two different sizes"
    case .inflatesPastSize(let name): "the member \"\(name)\" inflates past its declared size"
    case .inflatesToOtherSize(let name):
      "the member \"\(name)\" inflates to a size other than declared"
    case .damagedMember(let name): "the member \"\(name)\" is damaged or cut short"
    case .inflaterNotStarted(let name): "zlib could not start inflating \"\(name)\""
    }
  }

  private static func name(_ feature: AnkiPackageError.ZipFeature) -> String {
    switch feature {
    case .zip64: "zip64"
    case .encryption: "encryption"
    case .compressionMethod(let method): "compression method \(method)"
    }
  }

  private static func clause(_ damage: AnkiPackageError.ZstdDamage) -> String {
    switch damage {
    case .outOfMemory: "out of memory"
    case .cutShort: "the data is cut short"
    case .refused(let reason): reason
    }
  }

  private static func clause(_ problem: AnkiPackageError.CollectionProblem) -> String {
    switch problem {
    case .notSQLite(let name): "\(name) is not an SQLite database"
    case .cannotOpen(let name): "SQLite could not open \(name)"
    case .cannotGuard(let name): "SQLite could not guard the reading of \(name)"
    case .notAnOrdinaryTable(let name, let table): "\(name): \"\(table)\" is not an ordinary table"
    case .noNotesTable(let name): "\(name) has no notes table"
    case .queryFailed(let name, let message): "\(name): \(message)"
    }
  }
}
