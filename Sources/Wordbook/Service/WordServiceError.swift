/// What went wrong in a ``WordService`` call, and whether trying again can help.
///
/// An error carries values, not sentences: its ``kind`` says what sort of failure it is and
/// its ``reason`` holds what a message needs (the book, the word, the file, the numbers), so
/// each front end words it in its user's language. ``message`` is an English sentence for
/// logs and for tools that read them.
public struct WordServiceError: Error, Hashable, Sendable, CustomStringConvertible {
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
  /// What exactly failed, with the values a message names.
  public var reason: Reason
  /// Whether the same call may succeed if tried again later.
  public var isRetryable: Bool

  /// Creates an error from its reason.
  ///
  /// - Parameters:
  ///   - kind: The kind of failure.
  ///   - reason: What failed, with its values.
  ///   - isRetryable: Whether trying again can help; by default, only for
  ///     ``Kind/unavailable``.
  public init(_ kind: Kind, reason: Reason, isRetryable: Bool? = nil) {
    self.kind = kind
    self.reason = reason
    self.isRetryable = isRetryable ?? (kind == .unavailable)
  }

  /// Creates an error described by a sentence of your own, for a service outside Wordbook or
  /// a test double; front ends show the sentence as it is, in every language.
  ///
  /// - Parameters:
  ///   - kind: The kind of failure.
  ///   - message: What failed and what to do about it.
  ///   - isRetryable: Whether trying again can help; by default, only for
  ///     ``Kind/unavailable``.
  public init(_ kind: Kind, _ message: String, isRetryable: Bool? = nil) {
    self.init(kind, reason: .described(message), isRetryable: isRetryable)
  }

  /// For ``Kind/titleTaken``, the wordbook that already has the title, so a front end can
  /// name it; `nil` otherwise.
  public var existingBook: WordBook? {
    if case .titleTaken(let book) = reason { return book }
    return nil
  }

  /// The message.
  public var description: String { message }
}
