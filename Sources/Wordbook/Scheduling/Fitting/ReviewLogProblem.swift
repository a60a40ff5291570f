/// Why a word's review log cannot be learned from: a review dated after the moment of the fit,
/// or earlier than the review recorded before it (a clock set wrong, or a history imported with
/// bad times).
public struct ReviewLogProblem: Hashable, Sendable {
  /// What is wrong with the log.
  public enum Kind: Hashable, Sendable {
    /// A review is dated after the moment of the fit.
    case inFuture
    /// A review is dated earlier than the one recorded before it.
    case outOfOrder
  }

  /// What is wrong.
  public var kind: Kind
  /// The word whose log it is.
  public var wordID: Word.ID
  /// The time of the first review that is wrong.
  public var time: Timestamp

  /// Creates a problem.
  ///
  /// - Parameters:
  ///   - kind: What is wrong.
  ///   - wordID: The word whose log it is.
  ///   - time: The time of the first review that is wrong.
  public init(_ kind: Kind, wordID: Word.ID, time: Timestamp) {
    self.kind = kind
    self.wordID = wordID
    self.time = time
  }
}
