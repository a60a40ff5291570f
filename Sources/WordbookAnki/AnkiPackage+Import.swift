import Wordbook

extension AnkiPackage {
  /// The file extensions read as pictures.
  static let pictureExtensions: Set<String> = [
    "avif", "bmp", "gif", "ico", "jpeg", "jpg", "png", "svg", "tif", "tiff", "webp",
  ]
  /// The file extensions read as sounds or videos.
  static let soundExtensions: Set<String> = [
    "aac", "flac", "m4a", "mkv", "mov", "mp3", "mp4", "oga", "ogg", "ogv", "opus", "spx", "wav",
    "webm",
  ]

  /// Reads the notes as word drafts and stores the pictures they show in `folder`.
  ///
  /// Each accepted note becomes a draft with its term and meaning field as plain text. The first
  /// picture a note shows (`<img src=…>`) that the package holds is stored in `folder` under a
  /// name made from its content, which becomes the draft's `imageReference`. Sounds and other
  /// media are counted and skipped. The pictures are staged: call ``MediaFolder/commit()`` once
  /// the drafts are saved, or ``MediaFolder/discard()`` when saving fails.
  ///
  /// - Parameters:
  ///   - folder: Where pictures go.
  ///   - termField: The 1-based note field that holds the term.
  ///   - meaningField: The 1-based note field that holds the meaning.
  /// - Returns: The drafts, the rejected notes and the media summary.
  /// - Throws: ``AnkiPackageError`` when the package cannot be read or a picture cannot be
  ///   written; the pictures staged before the error are still to be discarded.
  public func importPlan(
    storingPicturesIn folder: MediaFolder, termField: Int = 1, meaningField: Int = 2
  ) throws(AnkiPackageError) -> AnkiImportPlan {
    let collection = try collectionEntry().name
    // One budget for everything read: the collection, its layers of compression, the map and
    // every picture.
    let budget = ExpansionBudget(limit: archive.allowedExpansion)
    let notes = try notes(budget: budget)
    let map = try mediaMap(budget: budget)
    var media = AnkiMediaSummary()
    media.isSupported = map.isSupported
    var drafts: [WordDraft] = []
    var noteIDs: [Int64] = []
    var problems: [AnkiNoteProblem] = []
    var stored: [String: String] = [:]
    var missing: Set<String> = []
    for (offset, (id, text)) in notes.enumerated() {
      switch AnkiNoteReader.note(
        fields: text, number: offset + 1, termField: termField, meaningField: meaningField)
      {
      case .failure(let problem):
        problems.append(problem)
      case .success(let note):
        var draft = WordDraft(term: note.term, meaning: note.meaning)
        if map.isSupported {
          for image in note.images {
            if let name = stored[image] {
              draft.imageReference = name
              break
            }
            guard let ext = Self.pictureExtension(of: image) else { continue }
            guard let member = map.members[image], let entry = archive.entry(named: member) else {
              missing.insert(image)
              continue
            }
            let name = try folder.store(
              try archive.contents(of: entry, budget: budget), fileExtension: ext)
            stored[image] = name
            draft.imageReference = name
            break
          }
        }
        if draft.imageReference != nil { media.cardsWithPictures += 1 }
        drafts.append(draft)
        noteIDs.append(id)
      }
    }
    for (name, member) in map.members where stored[name] == nil {
      if archive.entry(named: member) == nil {
        missing.insert(name)
      } else if Self.soundExtensions.contains(Self.fileExtension(of: name)) {
        media.skippedSounds += 1
      } else {
        media.skippedOther += 1
      }
    }
    media.pictures = Set(stored.values).count
    media.missing = missing.count
    return AnkiImportPlan(
      collection: collection, drafts: drafts, noteIDs: noteIDs, problems: problems,
      media: media)
  }

  /// A media name's extension, lowercased.
  static func fileExtension(of name: String) -> String {
    guard let dot = name.lastIndex(of: ".") else { return "" }
    return String(name[name.index(after: dot)...]).lowercased()
  }

  /// The extension a picture is stored under, or `nil` when the name is not a picture's.
  private static func pictureExtension(of name: String) -> String? {
    let ext = fileExtension(of: name)
    return pictureExtensions.contains(ext) ? ext : nil
  }
}
