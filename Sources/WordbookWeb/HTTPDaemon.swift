import CMicroHTTPD
import Wordbook

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

/// A running libmicrohttpd daemon that shows every request's head to `admit` and hands every
/// complete request to `respond`, all on one polling thread.
final class HTTPDaemon: Sendable {
  /// What becomes of a request whose head has arrived.
  enum Admission: Sendable {
    /// Answered at once, its body unread.
    case refused(HTTPResponse)
    /// Its body is read, up to this many bytes (never more than the server's limit), or up to
    /// the server's limit when `nil`; a longer one is answered 413.
    case admitted(bodyBytes: Int?)
  }

  /// What the C callbacks reach through their context pointer.
  private final class Handler: Sendable {
    let admit: @Sendable (HTTPRequest) -> Admission
    let respond: @Sendable (HTTPRequest) -> HTTPResponse
    let deferred = DeferredAnswers()

    init(
      admit: @escaping @Sendable (HTTPRequest) -> Admission,
      respond: @escaping @Sendable (HTTPRequest) -> HTTPResponse
    ) {
      self.admit = admit
      self.respond = respond
    }
  }

  /// libmicrohttpd's daemon, owned by this object and stopped once by ``stop()``.
  private nonisolated(unsafe) let daemon: UnsafeMutableRawPointer
  private let handler: Unmanaged<Handler>

  /// Starts serving on `listener`'s socket, which the daemon then owns.
  ///
  /// - Parameters:
  ///   - admit: What becomes of a request, from its head alone.
  ///   - respond: The answer to a whole request.
  /// - Throws: ``WebServerError`` when libmicrohttpd does not start.
  init(
    listener: HTTPListener, limits: WebServerLimits, tls: TLSCertificate?,
    admit: @escaping @Sendable (HTTPRequest) -> Admission,
    respond: @escaping @Sendable (HTTPRequest) -> HTTPResponse
  ) throws(WebServerError) {
    if tls != nil, wb_http_supports_tls() == 0 {
      close(listener.socket)
      throw .tlsUnsupported
    }
    let handler = Unmanaged.passRetained(Handler(admit: admit, respond: respond))
    let deadline = limits.requestDeadline.components
    var daemonLimits = wb_http_limits(
      connections: UInt32(clamping: limits.connections), body_bytes: limits.bodyBytes,
      request_seconds: Double(deadline.seconds) + Double(deadline.attoseconds) * 1e-18)
    // GnuTLS copies the certificate and key as the daemon starts.
    let certificate = tls.map { strdup($0.certificatePEM) }
    let key = tls.map { strdup($0.privateKeyPEM) }
    defer {
      free(certificate ?? nil)
      free(key ?? nil)
    }
    let pems = wb_http_tls(certificate_pem: certificate ?? nil, key_pem: key ?? nil)
    let started = withUnsafePointer(to: pems) { pems in
      wb_http_start(
        listener.socket, listener.isIPv6 ? 1 : 0, &daemonLimits, tls == nil ? nil : pems,
        { context, connection, method, url, body, size, headOnly, bodyLimit in
          guard let context, let connection, let method, let url else { return 0 }
          let handler = Unmanaged<Handler>.fromOpaque(context).takeUnretainedValue()
          // Called again for a request whose answer was worked out meanwhile.
          if headOnly == 0, let answer = handler.deferred.take(connection) {
            return HTTPDaemon.queue(answer, on: connection, handler)
          }
          let request = HTTPRequest(
            connection: connection, method: String(cString: method), url: String(cString: url),
            body: body.map { Data(bytes: $0, count: size) } ?? Data())
          if headOnly != 0 {
            switch handler.admit(request) {
            case .refused(let refusal):
              return HTTPDaemon.queue(refusal, on: connection, handler)
            case .admitted(let bytes):
              if let bytes, let bodyLimit {
                bodyLimit.pointee = min(bodyLimit.pointee, max(bytes, 0))
              }
              return WB_HTTP_ADMITTED
            }
          }
          return HTTPDaemon.queue(handler.respond(request), on: connection, handler)
        }, handler.toOpaque())
    }
    // The daemon owns the listening socket from here on, started or not.
    guard let started else {
      handler.release()
      if tls != nil {
        throw .invalidCertificate(.refused)
      }
      throw .daemonNotStarted(port: listener.port)
    }
    self.daemon = started
    self.handler = handler
  }

  /// Stops listening and closes every connection; call it once, off the main actor, after
  /// closing the event streams (libmicrohttpd must not stop while one is suspended), since
  /// the polling thread may be waiting for the main actor.
  func stop() {
    // libmicrohttpd must not stop while a connection is suspended.
    handler.takeUnretainedValue().deferred.stop(
      answering: .refusal(.stopping, in: .english))
    wb_http_stop(daemon)
    handler.release()
  }

  private static func queue(
    _ response: HTTPResponse, on connection: UnsafeMutableRawPointer, _ handler: Handler
  ) -> Int32 {
    let texts: [String] = response.headers.flatMap { [$0.name, $0.value] }
    let strings: [UnsafeMutablePointer<CChar>?] = texts.map { strdup($0) }
    defer { for string in strings { free(string) } }
    let headers: [UnsafePointer<CChar>?] = strings.map { UnsafePointer($0) } + [nil]
    switch response.body {
    case .bytes(let data):
      return data.withUnsafeBytes { bytes in
        wb_http_respond(connection, response.status, headers, bytes.baseAddress, bytes.count)
      }
    case .later(let work):
      handler.deferred.start(work, on: connection)
      return 1
    case .events(let stream):
      stream.attach(to: connection)
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
