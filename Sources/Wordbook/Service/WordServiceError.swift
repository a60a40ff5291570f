/// What went wrong in a ``WordService`` call, and whether trying again can help.
public struct WordServiceError: Error, Hashable, Sendable, Codable, CustomStringConvertible {
  /// The kind of failure.
  public enum Kind: String, Hashable, Sendable, Codable {
    /// A wordbook or word with the given ID does not exist.
    case notFound
    /// The request was malformed, such as a blank title or term.
    case invalidInput
    /// Another wordbook already has the title; ``WordServiceError/existingBook`` names it.
    case titleTaken
    /// The store is temporarily unreachable or locked by another process.
    case unavailable
    /// The storage is full.
    case storageFull
    /// The stored data is damaged or is not a wordbook database.
    case corrupted
    /// The stored data was written by a newer version of Wordbook.
    case unsupportedVersion
    /// The storage cannot be written (read-only file or folder, permissions).
    case readOnly
    /// Anything else.
    case other
  }

  /// The kind of failure.
  public var kind: Kind
  /// A sentence that says what failed and what to do about it.
  public var message: String
  /// Whether the same call may succeed if tried again later.
  public var isRetryable: Bool
  /// For ``Kind/titleTaken``, the wordbook that already has the title, so a front end can
  /// name it; `nil` otherwise.
  ///
  /// Optional so errors logged before it existed still decode.
  public var existingBook: WordBook?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - kind: The kind of failure.
  ///   - message: What failed and what to do about it.
  ///   - isRetryable: Whether trying again can help; by default, only for
  ///     ``Kind/unavailable``.
  ///   - existingBook: For ``Kind/titleTaken``, the book that has the title.
  public init(
    _ kind: Kind, _ message: String, isRetryable: Bool? = nil, existingBook: WordBook? = nil
  ) {
    self.kind = kind
    self.message = message
    self.isRetryable = isRetryable ?? (kind == .unavailable)
    self.existingBook = existingBook
  }

  /// The message.
  public var description: String { message }
}
