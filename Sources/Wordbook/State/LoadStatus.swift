/// How far loading something from the ``WordService`` got.
public enum LoadStatus: Hashable, Sendable, Codable, CustomStringConvertible {
  /// Nothing was asked for yet.
  case notLoaded
  /// A request is on its way.
  case loading
  /// The last request succeeded.
  case loaded
  /// The last request failed with this error.
  case failed(WordServiceError)

  /// The status as checkpoints write it: the case name, and a failure's English message, as
  /// logs recorded it when the failure held only its message.
  public var description: String {
    switch self {
    case .notLoaded: "notLoaded"
    case .loading: "loading"
    case .loaded: "loaded"
    case .failed(let error): "failed(message: \(String(reflecting: error.message)))"
    }
  }
}
