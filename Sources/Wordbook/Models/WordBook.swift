/// A named collection of words, such as "Korean verbs" or "TOEIC 800".
public struct WordBook: Identifiable, Hashable, Sendable, Codable {
  /// A wordbook's stable identity, assigned by the ``WordService`` that stores it.
  public typealias ID = EntityID<WordBook>

  /// The wordbook's identity.
  public var id: ID
  /// The title shown in the picker.
  public var title: String
  /// How many words the book holds.
  public var wordCount: Int
  /// The study mode the book was left in, which it opens in again
  /// (``WordService/setStudyMode(_:of:)``).
  public var studyMode: StudyMode

  /// Creates a wordbook.
  ///
  /// - Parameters:
  ///   - id: The book's identity.
  ///   - title: The title shown in the picker.
  ///   - wordCount: How many words it holds.
  ///   - studyMode: The study mode it opens in.
  public init(id: ID, title: String, wordCount: Int = 0, studyMode: StudyMode = .all) {
    self.id = id
    self.title = title
    self.wordCount = wordCount
    self.studyMode = studyMode
  }
}

extension WordBook {
  private enum CodingKeys: String, CodingKey {
    case id, title, wordCount, studyMode
  }

  /// Decodes a book; one recorded before books kept their study mode opens in
  /// ``StudyMode/all``.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try container.decode(ID.self, forKey: .id),
      title: try container.decode(String.self, forKey: .title),
      wordCount: try container.decode(Int.self, forKey: .wordCount),
      studyMode: try container.decodeIfPresent(StudyMode.self, forKey: .studyMode) ?? .all)
  }

  /// Encodes a book; its study mode only when it is not ``StudyMode/all``, so that logs of
  /// books left in all words read the same as before.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(title, forKey: .title)
    try container.encode(wordCount, forKey: .wordCount)
    if studyMode != .all { try container.encode(studyMode, forKey: .studyMode) }
  }
}
