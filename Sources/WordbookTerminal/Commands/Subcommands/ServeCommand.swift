import Wordbook
import WordbookPostgres
import WordbookWeb

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#endif

/// `wordbook serve [--port N] [--host ADDRESS] [--open] [--qr] [--new-key] [--peers URL,...]
/// [--replica URL] [--tls-cert FILE --tls-key FILE]`: serves the study
/// page to browsers until SIGINT, SIGTERM or SIGHUP: one learner's wordbooks to whoever holds
/// the printed address's token, or, on a PostgreSQL database without `--user`, every user's
/// own, each signing in at `/login`, reading what the pages show from a hot standby when
/// `--replica` names one.
///
/// One learner's address keeps its key in the database, so it stays the same after a restart;
/// `--new-key` makes a new one, which refuses the old address. On a terminal, or with `--qr`,
/// the address is also printed as a QR code for a phone's camera. With a certificate and its
/// key, the page is served over HTTPS, which a phone needs for the page's service worker.
struct ServeCommand: Subcommand {
  static let name = "serve"
  static let arguments =
    "[--port N] [--host ADDRESS] [--open] [--qr] [--new-key] [--peers URL,...] "
    + "[--replica URL] [--tls-cert FILE --tls-key FILE]"
  static let summary = "serve the study page to web browsers"
  static var handlesSignals: Bool { true }

  /// The port to listen on; 0 picks a free one.
  var port: UInt16 = 8080
  /// The IP address to listen on.
  var host = "127.0.0.1"
  /// Whether to open the page in this machine's browser.
  var opensBrowser = false
  /// The other servers on the same PostgreSQL database that pages turn to when this one stops.
  var peers: [String] = []
  /// The URL of a hot standby of the PostgreSQL database, which answers the pages' reads of
  /// what is stored (the books, the review chart) when it is up to date.
  var replica: String?
  /// Whether to print the QR code even when standard output is not a terminal.
  var printsQRCode = false
  /// Whether to make a new key for the address, which refuses the old one.
  var makesNewKey = false
  /// The PEM file of the certificate to serve HTTPS with, given with ``tlsKeyFile``.
  var tlsCertificateFile: String?
  /// The PEM file of the certificate's private key.
  var tlsKeyFile: String?

  func run(in session: CommandSession) async throws(CommandFailure) {
    try await session.serve(self)
  }
}

extension ServeCommand {
  /// Reads `--port N`, `--host ADDRESS`, `--peers URL,...`, `--replica URL` and the flags
  /// `--open`, `--qr` and `--new-key`.
  ///
  /// - Throws: ``UsageError`` for an unknown option, a port that is not a number from 0 to
  ///   65535, a replica that is not a PostgreSQL URL, or a positional argument.
  init(parsing arguments: SubcommandArguments) throws(UsageError) {
    let split = try arguments.split(
      required: 0, options: ["port", "host", "peers", "replica", "tls-cert", "tls-key"],
      flags: ["open", "qr", "new-key"])
    let port = split.options["port"] ?? "8080"
    guard let number = UInt16(port) else {
      throw UsageError(.invalidPort(port), usage: arguments.usage)
    }
    let host = split.options["host"] ?? "127.0.0.1"
    guard !host.isEmpty else {
      throw UsageError(.hostNeedsAddress, usage: arguments.usage)
    }
    let peers = (split.options["peers"] ?? "").split(separator: ",").map { peer in
      let trimmed = String(peer).trimmingWhitespace()
      return trimmed.hasSuffix("/") ? String(trimmed.dropLast()) : trimmed
    }
    let replica = split.options["replica"]
    if let replica, !PostgresWordService.isDatabaseURL(replica) {
      throw UsageError(.replicaNeedsSignIn, usage: arguments.usage)
    }
    let (certificateFile, keyFile) = (split.options["tls-cert"], split.options["tls-key"])
    guard (certificateFile == nil) == (keyFile == nil) else {
      throw UsageError(.tlsNeedsCertificateAndKey, usage: arguments.usage)
    }
    self.init(
      port: number, host: host, opensBrowser: split.flags.contains("open"),
      peers: peers.filter { !$0.isEmpty }, replica: replica,
      printsQRCode: split.flags.contains("qr"),
      makesNewKey: split.flags.contains("new-key"), tlsCertificateFile: certificateFile,
      tlsKeyFile: keyFile)
  }

  /// The certificate and key of `--tls-cert` and `--tls-key`, read and checked, or `nil`
  /// without them.
  ///
  /// - Throws: ``CommandFailure`` for a file that cannot be read, or that is not PEM.
  func certificate() throws(CommandFailure) -> TLSCertificate? {
    guard let tlsCertificateFile, let tlsKeyFile else { return nil }
    let certificate = try Self.readPEM(tlsCertificateFile)
    let key = try Self.readPEM(tlsKeyFile)
    do {
      return try TLSCertificate(certificatePEM: certificate, privateKeyPEM: key)
    } catch {
      throw .runtime(.serverFailed(error))
    }
  }

  /// The text of the file at `path`, read up to one byte past the largest PEM text, so a huge
  /// or endless file costs no more; a text that is not UTF-8 reads as empty, which is not PEM.
  private static func readPEM(_ path: String) throws(CommandFailure) -> String {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw .runtime(.cannotReadFile(path)) }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while bytes.count <= TLSCertificate.largestPEM {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { throw .runtime(.cannotReadFile(path)) }
      if count == 0 { break }
      bytes += buffer[..<count]
    }
    return String(validating: bytes, as: UTF8.self) ?? ""
  }
}

extension ServeCommand {
  /// Serves the page of a PostgreSQL database's users, each signing in, until SIGINT, SIGTERM
  /// or SIGHUP.
  @MainActor func run(signingInOn url: String, catalogue: any TerminalCatalogue, out: OutputFile)
    async throws(CommandFailure)
  {
    guard !makesNewKey else { throw .usage(.newKeyNeedsOneLearner) }
    let accounts: PostgresSignIns
    do {
      accounts = try await PostgresSignIns(url: url, replica: replica)
    } catch {
      throw .service(error)
    }
    if let replica {
      try await CommandSession.checkReplica(replica, of: url, catalogue: catalogue)
    }
    let tls = try certificate()
    let server: WebServer
    do {
      // Many learners share this server: room for their pages (each has at most
      // `WebSessions.pagesPerLearner`), as many as the process's descriptors allow.
      server = try WebServer(
        accounts: accounts, host: host, port: port,
        limits: WebServerLimits(connections: 8192, sessions: 2048), peers: peers,
        tls: tls)
    } catch {
      throw .runtime(.serverFailed(error))
    }
    try await serve(
      server, catalogue: catalogue, out: out,
      warning: tls == nil ? .signInOverPlainHTTP(host: host) : nil)
  }

  /// Prints where the page is and serves it until SIGINT, SIGTERM or SIGHUP, then ends every
  /// page's session.
  @MainActor fileprivate func serve(
    _ server: WebServer, catalogue: any TerminalCatalogue, out: OutputFile,
    warning: CommandReport?
  ) async throws(CommandFailure) {
    if !server.isLoopback, let warning {
      TerminalOutput.standardError.writeLine("wordbook: " + catalogue.text(warning))
    }
    try out.writeLine(catalogue.text(.serving(url: server.url)))
    // A phone reaches a server listening on every address at this machine's own.
    var phoneURL = server.url
    if server.listensOnEveryAddress {
      if let address = LocalNetwork.address() {
        phoneURL = server.url(reachedAt: address)
        try out.writeLine(catalogue.text(.onThisNetwork(url: phoneURL)))
      } else {
        try out.writeLine(catalogue.text(.otherDevices))
      }
    }
    if printsQRCode || out.isTerminal, let code = QRCode(phoneURL) {
      // A code cut by a narrow window's wrapping reads as nothing, or as another address.
      let width = code.size + 8
      if let size = TerminalSize.current(of: out.descriptor), size.columns < width {
        try out.writeLine(catalogue.text(.qrCodeTooWide(columns: width)))
      } else {
        for line in code.halfBlocks(colours: out.isTerminal) { try out.writeLine(line) }
      }
    }
    try out.writeLine(catalogue.text(.pressControlC))
    try out.flush()
    let handOver = opensBrowser ? BrowserHandOver.opening(server.url, catalogue: catalogue) : nil
    let (signals, received) = AsyncStream<Int32>.makeStream()
    let watcher = SignalWatcher(signals: [SIGINT, SIGTERM, SIGHUP]) { received.yield($0) }
    for await _ in signals { break }
    watcher.cancel()
    await server.stop()
    handOver?.remove()
  }
}

extension CommandSession {
  /// Serves the study page until SIGINT, SIGTERM or SIGHUP, then ends every page's session.
  fileprivate func serve(_ command: ServeCommand) async throws(CommandFailure) {
    // One learner's server has a token of its own, which no peer's page holds.
    guard command.peers.isEmpty else { throw .usage(.peersNeedSignIn) }
    guard command.replica == nil else { throw .usage(.replicaNeedsSignIn) }
    let key = try await pageKey(renewing: command.makesNewKey)
    let tls = try command.certificate()
    let server: WebServer
    do {
      server = try WebServer(
        service: service, host: command.host, port: command.port, key: key, tls: tls)
    } catch {
      throw .runtime(.serverFailed(error))
    }
    try await command.serve(
      server, catalogue: catalogue, out: out, warning: .listeningWarning(host: command.host))
  }

  /// The key of the page's address that the database keeps, or a new one, kept in its place,
  /// when it keeps none (or an unreadable one) or `renewing`.
  private func pageKey(renewing: Bool) async throws(CommandFailure) -> PageKey {
    guard let store = service as? any FrontEndValueStore else { return PageKey() }
    let name = "page_key"
    if !renewing,
      let kept = try await call({ () async throws(WordServiceError) in
        try await store.frontEndValue(for: name)
      }).flatMap(PageKey.init)
    {
      return kept
    }
    let key = PageKey()
    try await call { () async throws(WordServiceError) in
      try await store.setFrontEndValue(key.description, for: name)
    }
    return key
  }
}
