import Wordbook

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The ratings a page kept while the server could not be reached (`POST /ratings`), with the
/// same session and sign-in as its commands: recorded with their own times through the
/// learner's service (``OfflineRatings``), whose change feed then tells the learner's sessions
/// of the words they changed.
extension WebRouter {
  func receiveRatings(
    _ request: HTTPRequest, language: Language, signedInWith secret: String?
  ) async -> HTTPResponse {
    guard request.headers["Content-Type"]?.hasPrefix("application/json") == true else {
      return .refusal(.ratingsNotJSON, in: language)
    }
    let batch: OfflineRatings
    do {
      batch = try JSONDecoder().decode(OfflineRatings.self, from: request.body)
    } catch {
      return .refusal(.unknownRatings(reason: Self.describe(error)), in: language)
    }
    guard batch.ratings.count <= OfflineRatings.limit else {
      return .refusal(.tooManyRatings(limit: OfflineRatings.limit), in: language)
    }
    let found = await MainActor.run { [sessions] in
      sessions.session(for: request, signedInWith: secret).map { ($0.service, $0.language) }
    }
    guard let (service, sessionLanguage) = found else {
      return .refusal(.sessionEnded, in: language)
    }
    let results = await batch.record(
      through: service, at: .now, language: sessionLanguage)
    return .json(OfflineRatings.Answer(results: results))
  }
}
