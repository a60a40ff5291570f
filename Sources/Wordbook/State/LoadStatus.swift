/// How far loading something from the ``WordService`` got.
public enum LoadStatus: Hashable, Sendable, Codable {
  /// Nothing was asked for yet.
  case notLoaded
  /// A request is on its way.
  case loading
  /// The last request succeeded.
  case loaded
  /// The last request failed; the message says why and what to do.
  case failed(message: String)
}
