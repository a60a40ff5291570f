import Wordbook

/// The Anki package reader's sentences in English.
extension EnglishCatalogue: AnkiCatalogue {
  func sentence(_ error: AnkiPackageError) -> String {
    switch error {
    case .readFailed(let number):
      "cannot read the package (error \(number)); check the path and its permissions"
    case .corruptZip(let detail):
      "not a readable zip archive (\(detail)); the .apkg file is damaged or incomplete"
    case .unsupportedZip(let detail):
      "the zip archive uses \(detail), which is not supported; export the deck again from Anki"
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
    case .notACollection(let detail):
      "the package's collection is not an Anki collection (\(detail))"
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
    case .corruptZstd(let detail):
      "the package's zstd-compressed collection is damaged (\(detail))"
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
}
