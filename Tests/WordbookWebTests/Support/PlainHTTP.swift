import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Requests to the server as a script would send them: no cookies kept, no redirect followed.
enum PlainHTTP {
  struct Answer: Sendable {
    var status: Int
    var headers: [String: String]
    var body: String
  }

  private final class NoRedirects: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
      _ session: URLSession, task: URLSessionTask,
      willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
      completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
      completionHandler(nil)
    }
  }

  private static let session: URLSession = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpShouldSetCookies = false
    configuration.timeoutIntervalForRequest = 180
    return URLSession(configuration: configuration, delegate: NoRedirects(), delegateQueue: nil)
  }()

  /// Sends a request and returns its status, headers and body; `timeout` is how long the
  /// server may stay silent, which a machine loaded by CI's browsers and builds stretches to
  /// many seconds even for a small answer: the servers run in the test process, on the
  /// cooperative pool the other tests keep busy, and 60 s was seen to pass for a sign-in with a
  /// busy loop on each core.
  static func send(
    _ method: String, _ url: String, headers: [String: String] = [:], body: Data? = nil,
    timeout: TimeInterval = 180
  ) async throws -> Answer {
    var request = URLRequest(url: try #require(URL(string: url)))
    request.httpMethod = method
    request.timeoutInterval = timeout
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    request.httpBody = body
    let (data, response) = try await session.data(for: request)
    let http = try #require(response as? HTTPURLResponse)
    var fields: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
      if let name = name as? String, let value = value as? String {
        fields[name.lowercased()] = value
      }
    }
    return Answer(
      status: http.statusCode, headers: fields, body: String(decoding: data, as: UTF8.self))
  }
}
