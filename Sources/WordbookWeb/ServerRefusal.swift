import Wordbook

/// Why the server refuses a request: each language's catalogue words it (``PageCatalogue``),
/// and ``HTTPResponse/refusal(_:in:)`` answers with it.
enum ServerRefusal: Hashable, Sendable {
  /// The Host header names another server.
  case foreignHost
  /// A state-changing request came from another page.
  case foreignOrigin
  /// Neither the address nor a cookie holds the token.
  case missingToken
  /// No resource has the path.
  case notFound(path: String)
  /// The resource does not answer to the method.
  case methodNotAllowed(method: String, path: String)
  /// The page's session has gone.
  case sessionEnded
  /// The server is stopping.
  case stopping
  /// The server has as many pages open as it allows.
  case tooManyPages(limit: Int)
  /// The learner has as many pages open as one learner may.
  case tooManyPagesOfLearner(limit: Int)
  /// A posted action is not JSON.
  case actionNotJSON
  /// A posted command is not JSON.
  case commandNotJSON
  /// A posted action does not decode; the reason is the decoder's.
  case unknownAction(reason: String)
  /// A posted command does not decode; the reason is the decoder's.
  case unknownCommand(reason: String)
  /// The action is one only the server and its store send: a service's answer, or the
  /// session's subscription to the service's changes.
  case actionNotFromPage
  /// The command is not one the page sends this way.
  case commandNotFromPage(name: String)
  /// A typed answer is longer than any the page sends.
  case answerTooLong(limit: Int)
  /// The sign-in the request carries has ended.
  case signedOut
  /// The review chart was asked for with no book open.
  case noBookForChart
  /// A rating preview of a word the page's cards do not hold, or of no word.
  case wordNotShown
  /// The service refused the marks a request sent: the page shows them not saved.
  case marksNotSaved
  /// Posted offline ratings are not JSON.
  case ratingsNotJSON
  /// Posted offline ratings do not decode; the reason is the decoder's. None was stored.
  case unknownRatings(reason: String)
  /// One request carried more offline ratings than ``OfflineRatings/limit``. None was stored.
  case tooManyRatings(limit: Int)
  /// An offline rating's time is more than `minutes` ahead of the server's clock.
  case ratingAhead(minutes: Int)
  /// An offline rating's time is more than `days` before the server's clock.
  case ratingTooOld(days: Int)

  /// The HTTP status of the refusal.
  var status: UInt32 {
    switch self {
    case .foreignHost: 421
    case .foreignOrigin, .missingToken, .actionNotFromPage: 403
    case .notFound, .sessionEnded, .wordNotShown: 404
    case .methodNotAllowed: 405
    case .stopping, .tooManyPages, .tooManyPagesOfLearner, .marksNotSaved: 503
    case .actionNotJSON, .commandNotJSON, .ratingsNotJSON: 415
    case .unknownAction, .unknownCommand, .commandNotFromPage, .unknownRatings: 400
    case .answerTooLong, .tooManyRatings: 413
    case .ratingAhead, .ratingTooOld: 422
    case .signedOut: 401
    case .noBookForChart: 409
    }
  }
}
