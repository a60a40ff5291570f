import Wordbook

/// A command of the study screen as the page posts it to `/commands`: `{"command": "good"}`,
/// named as ``PageKeys`` names the keys' commands, with `position` for `moveTo`, `mode` for
/// `setStudyMode`, `query` for `setSearchQuery` and `answer` for `checkTypedAnswer` (at most
/// ``longestAnswer`` characters). A `position` beside another command makes
/// that card the current one first, in the same request (a card swiped in the list). A rating
/// with a `card` rates that card only while it is the current one (the card the focused view
/// shows), so a second tap before the next card arrives rates nothing; with a `ratingID`, the
/// review has that identity.
struct PageCommand: Decodable, Sendable {
  var command: String
  var position: Int?
  var mode: StudyMode?
  var query: String?
  var answer: String?
  var card: Int64?
  /// The identity the page gave a rating of `card` (``Wordbook/ReviewID``'s text), which it
  /// keeps to send again from its outbox when no answer comes, so the rating is stored once.
  var ratingID: ReviewID?

  /// The most characters (Unicode scalars) a typed answer may have: more than any card's
  /// answer a learner types, and few enough that comparing costs little.
  static let longestAnswer = 1000

  /// Whether the command carries an answer longer than ``longestAnswer``.
  var hasTooLongAnswer: Bool {
    (answer?.unicodeScalars.count ?? 0) > Self.longestAnswer
  }

  /// The commands of the page's keys by name, which the page may post as they are.
  private static let named = Dictionary(
    PageKeys.rows.flatMap(\.bindings).map { ($0.command.name, $0.command) },
    uniquingKeysWith: { first, _ in first })

  /// The study screen's commands, in order, or `nil` for a name the page may not post or one
  /// missing its value.
  var studyCommands: [StudyCards.Command]? {
    let named: StudyCards.Command? =
      switch command {
      case "moveTo": position.map { .moveTo($0) }
      case "setStudyMode": mode.map { .setStudyMode($0) }
      case "setSearchQuery": .setSearchQuery(query)
      case "checkTypedAnswer": answer.map { .checkTypedAnswer($0) }
      default: Self.named[command]
      }
    guard let named else { return nil }
    if case .moveTo = named { return [named] }
    if case .rate(let rating) = named, let card {
      return [.rateShown(Word.ID(card), rating, id: ratingID)]
    }
    return (position.map { [.moveTo($0)] } ?? []) + [named]
  }
}
