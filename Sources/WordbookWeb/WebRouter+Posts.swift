import Wordbook

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The page's actions and commands (`POST /actions`, `POST /commands`), each answered once the
/// marks it sent on their way are saved: 200 when the database has them, 503 when it refused
/// them (the page shows them not saved, with a way to try again), 202 when the request sent
/// none, or when they are still on their way after ``marksPatience`` (the page shows them not
/// saved until the status it hears says otherwise). So an answer never tells the page a mark
/// was taken that a crash could still lose.
extension WebRouter {
  /// How long a request waits for its marks to be saved before it is answered without them.
  static let marksPatience = Duration.seconds(30)

  nonisolated(nonsending) func receiveAction(
    _ request: HTTPRequest, language: Language, signedInWith secret: String?
  ) async
    -> HTTPResponse
  {
    guard request.headers["Content-Type"]?.hasPrefix("application/json") == true else {
      return .refusal(.actionNotJSON, in: language)
    }
    var action: AppAction
    do {
      action = try await Self.decode(AppAction.self, from: request.body)
    } catch {
      return .refusal(.unknownAction(reason: Self.describe(error)), in: language)
    }
    guard Self.isSentByPage(action) else {
      return .refusal(.actionNotFromPage, in: language)
    }
    // A review is at the server's time: a page's clock may be wrong, or set to rewrite history.
    if case .study(.view(.rate(let wordID, let rating, _, let id))) = action {
      action = .study(.view(.rate(wordID, rating, at: .now, id: id)))
    }
    return await Self.deliver(
      action, for: request, in: sessions, signedInWith: secret, language: language)
  }

  nonisolated(nonsending) func receiveCommand(
    _ request: HTTPRequest, language: Language, signedInWith secret: String?
  ) async
    -> HTTPResponse
  {
    guard request.headers["Content-Type"]?.hasPrefix("application/json") == true else {
      return .refusal(.commandNotJSON, in: language)
    }
    let posted: PageCommand
    do {
      posted = try await Self.decode(PageCommand.self, from: request.body)
    } catch {
      return .refusal(.unknownCommand(reason: Self.describe(error)), in: language)
    }
    guard !posted.hasTooLongAnswer else {
      return .refusal(.answerTooLong(limit: PageCommand.longestAnswer), in: language)
    }
    guard let commands = posted.studyCommands else {
      return .refusal(.commandNotFromPage(name: posted.command), in: language)
    }
    return await Self.deliver(
      commands, for: request, in: sessions, signedInWith: secret, language: language)
  }

  /// Sends `action` to the request's session and answers once its marks are saved.
  @MainActor
  private static func deliver(
    _ action: AppAction, for request: HTTPRequest, in sessions: WebSessions,
    signedInWith secret: String?, language: Language
  ) async -> HTTPResponse {
    guard let session = sessions.session(for: request, signedInWith: secret) else {
      return .refusal(.sessionEnded, in: language)
    }
    // Another learner's book or word, or none, is not found, and nothing changes.
    if let unknown = session.unknownName(in: action) {
      return .text(404, unknown.message(in: session.language, for: .visitor))
    }
    session.send(action)
    return await answerOnceSaved(session)
  }

  /// Gives `commands` to the request's session and answers once their marks are saved.
  @MainActor
  private static func deliver(
    _ commands: [StudyCards.Command], for request: HTTPRequest, in sessions: WebSessions,
    signedInWith secret: String?, language: Language
  ) async -> HTTPResponse {
    guard let session = sessions.session(for: request, signedInWith: secret) else {
      return .refusal(.sessionEnded, in: language)
    }
    for command in commands { session.send(command) }
    return await answerOnceSaved(session)
  }

  /// The answer to a request whose actions `session` has taken, once the marks on their way
  /// are saved or refused, or ``marksPatience`` has passed.
  @MainActor
  private static func answerOnceSaved(_ session: WebSession) async -> HTTPResponse {
    switch await session.marksSettled(within: marksPatience) {
    case .noneOnTheirWay, .stillOnTheirWay: .emptyJSON(status: 202)
    case .saved: .emptyJSON(status: 200)
    case .notSaved: .refusal(.marksNotSaved, in: session.language)
    }
  }

  /// The bytes of a posted body decoded where the request runs, a page's marks being a few
  /// dozen; above these, as an edit of a large card is, off it, so that no actor waits.
  static let bodyDecodedInPlace = 64 << 10

  /// `body` decoded as `type`: in the caller's isolation when it is small, else on the
  /// cooperative pool.
  nonisolated(nonsending) static func decode<Value: Decodable & Sendable>(
    _ type: Value.Type, from body: Data
  ) async throws -> Value {
    guard body.count > bodyDecodedInPlace else { return try JSONDecoder().decode(type, from: body) }
    return try await decodeConcurrently(type, from: body)
  }

  @concurrent private static func decodeConcurrently<Value: Decodable & Sendable>(
    _ type: Value.Type, from body: Data
  ) async throws -> Value {
    try JSONDecoder().decode(type, from: body)
  }

  /// What a decoder's `error` says about a posted body, in a few words.
  static func describe(_ error: any Error) -> String {
    switch error {
    case DecodingError.dataCorrupted(let context): context.debugDescription
    case DecodingError.keyNotFound(let key, _): "missing field '\(key.stringValue)'"
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
      "wrong type at '\(context.codingPath.map(\.stringValue).joined(separator: "."))'"
    default: "\(error)"
    }
  }
}
