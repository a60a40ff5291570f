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

  /// `wordbook import` of an Anki package: its notes become words, and the pictures they show
  /// are stored in the media folder beside the database (`<database>.media`).
  ///
  /// The pictures are written under temporary names and named only once the words are saved;
  /// when the import fails or is cancelled they are deleted, so the database and the media
  /// folder stay as they were.
  func importPackage(_ request: ImportRequest, fileDescriptor: Int32) async throws(CommandFailure) {
    let file = request.file
    let media = MediaFolder.beside(databasePath: databasePath)
    let plan: AnkiImportPlan
    do {
      let package = AnkiPackage(archive: try ZipArchive(fileDescriptor: fileDescriptor))
      plan = try package.importPlan(storingPicturesIn: media)
    } catch {
      media.discard()
      throw .runtime(.unreadablePackage(file: file, detail: error.description))
    }
    guard !plan.drafts.isEmpty else {
      media.discard()
      throw .runtime(.noNoteToImport(file: file, rejected: plan.problems.count))
    }
    let drafts = plan.drafts
    let summary: ImportSummary
    do {
      let result = try await runImport(request) { write throws(WordServiceError) in
        try write(drafts)
      }
      switch result {
      case .success(let value):
        summary = value
      case .failure(let error as WordServiceError):
        throw CommandFailure.service(error)
      case .failure(let error):
        throw CommandFailure.runtime(.other(String(describing: error)))
      }
      try media.commit()
    } catch let error as CommandFailure {
      media.discard()
      throw error
    } catch {
      media.discard()
      throw .runtime(.other(String(describing: error)))
    }
    try out.writeLine(
      catalogue.text(
        .imported(
          file: file, format: "apkg, \(plan.collection)", summary, request.duplicates,
          rejected: plan.problems.count)))
    try out.writeLine(catalogue.text(.media(plan.media, folder: media.path)))
    for problem in plan.problems {
      TerminalOutput.standardError.writeLine(catalogue.text(.rejected(problem.description)))
    }
  }
}
