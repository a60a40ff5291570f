import Wordbook
import WordbookAnki

#if canImport(Glibc)
  import Glibc
#endif

extension CommandSession {
  /// Whether the open file starts as a zip archive does, read without moving its offset (a
  /// pipe cannot be read that way, and is then not a package).
  static func startsLikeAnkiPackage(_ descriptor: Int32) -> Bool {
    var prefix = [UInt8](repeating: 0, count: 4)
    let count = prefix.withUnsafeMutableBytes { raw in
      raw.baseAddress.map { pread(descriptor, $0, 4, 0) } ?? 0
    }
    return count == 4 && AnkiPackage.looksLikePackage(prefix)
  }

  /// A new private folder in the temporary folder, for one import's unpacked collection.
  ///
  /// - Throws: ``CommandFailure`` naming the temporary folder when it cannot be made there.
  private static func makeScratchFolder(for file: String) throws(CommandFailure) -> String {
    guard let made = TemporaryFolder.make(prefix: "wordbook-import-") else {
      let error = AnkiPackageError.temporaryFileFailed(TemporaryFolder.parent, errorNumber: errno)
      throw .runtime(.unreadablePackage(file: file, error))
    }
    return made
  }

  /// `wordbook import` of an Anki package: its notes become words, the pictures they show are
  /// stored in the media folder beside the database (`<database>.media`), and the answers of its
  /// review log become the new words' reviews (see ``importReviews(of:in:_:_:_:madeBook:)``).
  ///
  /// The pictures are written under temporary names and named inside the words' transaction,
  /// just before it commits; when the import fails or is cancelled the words roll back and the
  /// pictures not yet named are deleted, also when a signal ends the process. Pictures named
  /// before a failure stay, unused: they are named by their content, so a later import of them
  /// uses the same files.
  func importPackage(_ command: ImportCommand, fileDescriptor: Int32) async throws(CommandFailure) {
    let file = command.file
    let media = MediaFolder.beside(databasePath: databasePath)
    // A signal while the package is read or its pictures are written ends the process at once
    // (the reading does not stop by itself); its unnamed pictures go with it.
    let interruption = CommandInterruption.shared
    let staging = interruption.deleteOnExit(media.stagingPath)
    defer { interruption.remove(staging) }
    // So is the collection, unpacked into a folder of this import's own.
    let scratch = try Self.makeScratchFolder(for: file)
    let unpacking = interruption.deleteOnExit(scratch)
    defer {
      interruption.remove(unpacking)
      rmdir(scratch)
    }
    let plan: AnkiImportPlan
    let log: AnkiReviewLog
    do {
      let package = AnkiPackage(
        archive: try ZipArchive(fileDescriptor: fileDescriptor), temporaryFolder: scratch)
      plan = try package.importPlan(storingPicturesIn: media)
      // Opened before anything is written, so that a review log too large refuses the package.
      log = try package.reviewLog()
    } catch {
      media.discard()
      throw .runtime(.unreadablePackage(file: file, error))
    }
    defer { log.close() }
    guard !plan.drafts.isEmpty else {
      media.discard()
      throw .runtime(.noNoteToImport(file: file, rejected: plan.problems.count))
    }
    let drafts = plan.drafts
    let language = catalogue.language
    // The closure runs once, inside the import's transaction, while this function awaits the
    // import: the folder is never used from two threads at once.
    nonisolated(unsafe) let staged = media
    let result: Result<ImportSummary, any Error>
    // To tell whether the import made its book, which failed reviews then delete.
    let booksBefore: [WordBook]
    do {
      booksBefore = try await books()
      result = try await runImport(command) { write throws(WordServiceError) in
        try write(drafts)
        // The pictures get their names before the words commit: a rename that fails rolls
        // the words back, so no word names a picture that is not there.
        do throws(AnkiPackageError) {
          try staged.commit()
        } catch {
          throw WordServiceError(.other, error.message(in: language))
        }
      }
    } catch {
      media.discard()
      throw error
    }
    let summary: ImportSummary
    switch result {
    case .success(let value):
      summary = value
    case .failure(let error as WordServiceError):
      media.discard()
      throw .service(error)
    case .failure(let error):
      media.discard()
      throw .runtime(.other(String(describing: error)))
    }
    let reviews = try await importReviews(
      of: log, in: file, plan, summary, command.duplicates,
      madeBook: !booksBefore.contains { $0.id == summary.book.id })
    try out.writeLine(
      catalogue.text(
        .imported(
          file: file, format: "apkg, \(plan.collection)", summary, command.duplicates,
          rejected: plan.problems.count)))
    try out.writeLine(catalogue.text(.media(plan.media, folder: media.path)))
    try out.writeLine(catalogue.text(.ankiReviews(reviews)))
    for problem in plan.problems {
      TerminalOutput.standardError.writeLine(catalogue.text(.rejectedNote(file: file, problem)))
    }
  }
}
