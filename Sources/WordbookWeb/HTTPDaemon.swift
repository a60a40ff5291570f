import CMicroHTTPD

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A running libmicrohttpd daemon that hands every complete request to `handler`, one thread
/// per connection.
final class HTTPDaemon: Sendable {
  /// What the C callbacks reach through their context pointer.
  private final class Handler: Sendable {
    let respond: @Sendable (HTTPRequest) -> HTTPResponse

    init(_ respond: @escaping @Sendable (HTTPRequest) -> HTTPResponse) {
      self.respond = respond
    }
  }

  /// libmicrohttpd's daemon, owned by this object and stopped once by ``stop()``.
  private nonisolated(unsafe) let daemon: UnsafeMutableRawPointer
  private let handler: Unmanaged<Handler>

  /// Starts serving on `listener`'s socket, which the daemon then owns.
  ///
  /// - Throws: ``WebServerError`` when libmicrohttpd does not start.
  init(
    listener: HTTPListener, limits: WebServerLimits,
    handler respond: @escaping @Sendable (HTTPRequest) -> HTTPResponse
  ) throws(WebServerError) {
    let handler = Unmanaged.passRetained(Handler(respond))
    let started = wb_http_start(
      listener.socket, listener.isIPv6 ? 1 : 0, UInt32(limits.connections), limits.bodyBytes,
      { context, connection, method, url, body, size in
        guard let context, let connection, let method, let url else { return 0 }
        let handler = Unmanaged<Handler>.fromOpaque(context).takeUnretainedValue()
        let request = HTTPRequest(
          connection: connection, method: String(cString: method), url: String(cString: url),
          body: body.map { Data(bytes: $0, count: size) } ?? Data())
        return HTTPDaemon.queue(handler.respond(request), on: connection)
      }, handler.toOpaque())
    guard let started else {
      close(listener.socket)
      handler.release()
      throw .cannotListen("libmicrohttpd did not start on port \(listener.port)")
    }
    self.daemon = started
    self.handler = handler
  }

  /// Stops listening and waits for every connection thread to end; call it once, off the
  /// main actor, after closing the event streams, since request threads may be waiting for
  /// the main actor.
  func stop() {
    wb_http_stop(daemon)
    handler.release()
  }

  private static func queue(_ response: HTTPResponse, on connection: UnsafeMutableRawPointer)
    -> Int32
  {
    let texts: [String] = response.headers.flatMap { [$0.name, $0.value] }
    let strings: [UnsafeMutablePointer<CChar>?] = texts.map { strdup($0) }
    defer { for string in strings { free(string) } }
    let headers: [UnsafePointer<CChar>?] = strings.map { UnsafePointer($0) } + [nil]
    switch response.body {
    case .bytes(let data):
      return data.withUnsafeBytes { bytes in
        wb_http_respond(connection, response.status, headers, bytes.baseAddress, bytes.count)
      }
    case .events(let stream):
      return wb_http_respond_stream(
        connection, response.status, headers,
        { context, _, buffer, max in
          guard let context, let buffer else { return -1 }
          let stream = Unmanaged<EventStream>.fromOpaque(context).takeUnretainedValue()
          return stream.read(into: buffer, max: max)
        }, Unmanaged.passRetained(stream).toOpaque(),
        { context in
          guard let context else { return }
          let stream = Unmanaged<EventStream>.fromOpaque(context).takeRetainedValue()
          stream.release()
        })
    }
  }
}
