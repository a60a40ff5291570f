#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why an Anki package (`.apkg`) could not be read as a whole.
///
/// A note that cannot be a card is not an error: it becomes a rejected note in
/// ``AnkiImportPlan/problems``. These errors stop the import before anything is written.
public enum AnkiPackageError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file could not be read (its `errno`).
  case readFailed(errorNumber: Int32)
  /// The file is not a zip archive, or its structure is damaged or cut short.
  case corruptZip(String)
  /// The zip uses a feature this reader does not support (encryption, zip64, a compression
  /// method other than stored or deflated).
  case unsupportedZip(String)
  /// A member's path is absolute or climbs out with `..`.
  case unsafePath(String)
  /// A member would inflate past the size limit: a zip bomb, or a file too large to import.
  case memberTooLarge(String, limit: Int)
  /// Two members of the archive have the same name.
  case duplicateMember(String)
  /// Two members' local headers and data overlap in the file, so that one stretch of
  /// compressed data would be inflated once for each.
  case overlappingMembers(String, String)
  /// The package would expand past its budget (its limit in bytes), every member and every
  /// layer of compression counted; the member is the one being read when it ran out.
  case packageTooLarge(String, limit: Int)
  /// A member's content does not match the CRC-32 the archive records for it.
  case checksumMismatch(String)
  /// The archive holds no `collection.anki21b`, `collection.anki21` or `collection.anki2`.
  case noCollection
  /// The collection is not an Anki collection (not SQLite, or without Anki's notes table).
  case notACollection(String)
  /// Reading the collection (its notes or its review log) took more SQLite steps than its size
  /// allows.
  case collectionTooComplex(String, steps: Int)
  /// The collection's review log (`revlog`) holds more rows than an import takes (the limit).
  case tooManyReviews(String, limit: Int)
  /// The collection could not be written to the temporary folder (its path and `errno`).
  case temporaryFileFailed(String, errorNumber: Int32)
  /// A zstd-compressed member was met but `libzstd.so.1` could not be loaded.
  case zstdUnavailable
  /// A zstd-compressed member is damaged.
  case corruptZstd(String)
  /// A picture could not be written to the media folder (its path and `errno`).
  case mediaWriteFailed(String, errorNumber: Int32)

  /// A sentence saying what went wrong and what to do.
  public var description: String {
    switch self {
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
      Self.isFullDisk(number)
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
      Self.isFullDisk(number)
        ? "cannot write pictures to the media folder \(path): the disk holding it is full "
          + "(error \(number)); free some space and try again"
        : "cannot write pictures to the media folder \(path) (error \(number)); "
          + "check that its folder is writable"
    }
  }

  /// Whether `errno` says the disk, or the user's quota on it, is full.
  private static func isFullDisk(_ number: Int32) -> Bool {
    number == ENOSPC || number == EDQUOT
  }
}
