import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One learner of the load scenario, signed in on two servers of one database: a page that
/// marks a card every ``interval`` on one server (the marker), and a page of the same learner
/// on the other server that watches (the watcher). When a server stops, the page on it moves
/// to the other, as the study page does.
///
/// Invariant (why `@unchecked Sendable` is sound): the marker's fields are written only by the
/// marker's thread and the watcher's only by the watcher's, each started once; the coordinator
/// reads them after both threads have finished.
final class LoadLearner: @unchecked Sendable {
  /// The time between two marks.
  static let interval: UInt64 = 100_000_000
  /// How long a mark may take to be saved before it counts as not acknowledged.
  static let ackPatience: UInt64 = 10_000_000_000
  /// The pages that may be opening at once before the round starts: learners arrive over some
  /// seconds, not all 400 pages in the same instant, and the opening is not what is measured.
  /// A page moving to the other server during the round waits for nothing.
  static let openings = DispatchSemaphore(value: 16)

  let name: String
  let password: String
  let bookID: Int
  /// The learner's words, in order: each mark makes the next one known.
  let wordIDs: [Int]
  /// The ports of the two servers: the marker's first.
  let ports: [Int]
  var cookie = ""
  /// The folder of the sign-in's page, which the cookie is scoped to: every path of the page
  /// lies in it, on both servers.
  var home = "/"

  /// Each mark: when it was sent, when the marker's page saw it saved, and the learner's count
  /// of known words it made.
  private(set) var marks: [(sent: UInt64, acknowledged: UInt64?, known: Int)] = []
  /// The words whose marks were acknowledged.
  private(set) var acknowledgedWords: [Int] = []
  /// When the watcher saw each count of known words.
  private(set) var watched: [(time: UInt64, known: Int)] = []
  /// How often a page moved to the other server.
  private(set) var moves = 0
  /// Why the learner stopped early, if it did.
  private(set) var failure: String?
  /// Whether each page is open, for the coordinator's start.
  let markerReady = Flag()
  let watcherReady = Flag()

  init(name: String, password: String, bookID: Int, wordIDs: [Int], ports: [Int]) {
    self.name = name
    self.password = password
    self.bookID = bookID
    self.wordIDs = wordIDs
    self.ports = ports
  }

  /// Signs in on `port` through the form, keeping the cookie, and coming back when the answer
  /// says when (all the learners share 127.0.0.1, whose sign-ins the server checks one at a
  /// time, a few dozen waiting); `false` when refused, or not signed in within two minutes.
  func signIn(port: Int) -> Bool {
    let body = "name=\(name)&password=\(password.replacing(" ", with: "+"))"
    let request =
      "POST /login HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://127.0.0.1:\(port)\r\n"
      + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n"
      + "Connection: close\r\n\r\n\(body)"
    let deadline = wallNow() + 120_000_000_000
    while wallNow() < deadline {
      guard let connection = LoadConnection(port: port), connection.send(request),
        let head = connection.answerHead(by: deadline)
      else { return false }
      if head.status == 429 || head.status == 503, let seconds = head.retryAfter {
        sleep(until: wallNow() + UInt64(seconds) * 1_000_000_000)
        continue
      }
      guard head.status == 303, let cookie = head.cookie, let home = head.location else {
        return false
      }
      self.cookie = cookie
      self.home = home
      return true
    }
    return false
  }

  /// A page of this learner on `port` with the book open: its event stream, a connection for
  /// its actions, its session and the count of known words; `nil` when the server is gone.
  private func openPage(port: Int) -> Page? {
    guard let events = LoadConnection(port: port), let actions = LoadConnection(port: port),
      events.send(
        "GET \(home)events HTTP/1.0\r\nHost: 127.0.0.1:\(port)\r\nCookie: \(cookie)\r\n\r\n")
    else {
      lastProblem = "no connection to port \(port)"
      return nil
    }
    let deadline = wallNow() + 60_000_000_000
    var session: String?
    while session == nil, let event = events.nextEvent(by: deadline) {
      if event.name == "session" { session = Self.text(of: "id", in: event.data) }
    }
    guard let session else {
      lastProblem = "no session on port \(port)"
      return nil
    }
    // A new session reopens the book its learner studied last by itself. A page chooses the
    // book only when the session, having looked for that book (the picker's next change after
    // it listed the books), opened none: choosing the open book again would read its words
    // again, and a tally from before that read would let a mark name a word not yet back.
    var listed = false
    var reopened = false
    while let event = events.nextEvent(by: deadline) {
      guard event.name == "picker" else { continue }
      reopened = Self.number(of: "selected", in: event.data) == bookID
      if reopened || listed { break }
      listed = event.data.contains(#""id":\#(bookID)"#)
    }
    guard listed || reopened else {
      lastProblem = "the book is not listed on port \(port)"
      return nil
    }
    let page = Page(
      port: port, home: home, events: events, actions: actions, session: session, known: 0)
    if !reopened {
      let chosen = page.post(#"{"kind":"selectBook","book":\#(bookID)}"#, cookie: cookie)
      guard chosen == 202 else {
        lastProblem = "choosing the book answered \(chosen.map(String.init) ?? "nothing")"
        return nil
      }
    }
    // The tally counts the whole book once its words are in.
    while let event = events.nextEvent(by: deadline) {
      guard event.name == "status", let known = Self.number(of: "success", in: event.data),
        let fail = Self.number(of: "fail", in: event.data),
        let rest = Self.number(of: "notStudied", in: event.data),
        known + fail + rest == wordIDs.count
      else { continue }
      page.known = known
      return page
    }
    lastProblem = "the book's words did not load on port \(port)"
    return nil
  }

  /// Opens a page before the round, once fewer than ``openings`` others are opening.
  private func openFirstPage(port: Int) -> Page? {
    Self.openings.wait()
    defer { Self.openings.signal() }
    return openPage(port: port)
  }

  /// Why the last page did not open.
  private var lastProblem = ""

  /// Marks a word every ``interval`` for `duration` nanoseconds from the time `start` gives
  /// (once every page is open), each time waiting for the page to show it saved; moves to the
  /// other server when this one stops.
  func mark(from start: LoadRound.Start, for duration: UInt64) {
    var server = 0
    guard var page = openFirstPage(port: ports[server]) else {
      failure = "the marker's page did not open: \(lastProblem)"
      markerReady.set()
      return
    }
    markerReady.set()
    let begin = start.wait()
    let end = begin + duration
    var next = 0
    var tick = begin
    while wallNow() < end, next < wordIDs.count {
      let word = wordIDs[next]
      next += 1
      let sent = wallNow()
      var acknowledged: UInt64?
      // Answered once the database has the mark (200), or at once when it is slow (202).
      let status = page.post(#"{"kind":"markSuccess","id":\#(word)}"#, cookie: cookie)
      if status == 200 || status == 202 {
        acknowledged = page.waitUntilSaved(known: page.known + 1, by: sent + Self.ackPatience)
      }
      if let acknowledged {
        page.known += 1
        marks.append((sent, acknowledged, page.known))
        acknowledgedWords.append(word)
      } else {
        marks.append((sent, nil, 0))
        let unacknowledged =
          status == 200 || status == 202
          ? "answered \(status ?? 0), not shown saved within 10 s"
          : "answered \(status.map(String.init) ?? "nothing") (\(page.refusal.prefix(200)))"
        // The server is gone (or too slow to count on): the page turns to the other one.
        server = 1 - server
        moves += 1
        guard let moved = openPage(port: ports[server]) else {
          failure =
            "the marker's page, whose mark was \(unacknowledged), could not move to the other "
            + "server: \(lastProblem)"
          return
        }
        page = moved
      }
      tick += Self.interval
      sleep(until: tick)
    }
  }

  /// Watches the other server's page of this learner until `end`, recording when each count
  /// of known words shows; moves to the first server when the watched one stops.
  func watch(from start: LoadRound.Start, for duration: UInt64) {
    var server = 1
    guard var page = openFirstPage(port: ports[server]) else {
      failure = "the watcher's page did not open: \(lastProblem)"
      watcherReady.set()
      return
    }
    watcherReady.set()
    let end = start.wait() + duration
    while wallNow() < end + 5_000_000_000 {
      guard let event = page.events.nextEvent(by: end + 5_000_000_000) else {
        if wallNow() >= end + 5_000_000_000 { return }
        server = 1 - server
        moves += 1
        guard let moved = openPage(port: ports[server]) else {
          failure = "the watcher's page could not move to the other server"
          return
        }
        page = moved
        continue
      }
      if event.name == "status", let known = Self.number(of: "success", in: event.data),
        known > (watched.last?.known ?? page.known)
      {
        watched.append((wallNow(), known))
      }
    }
  }

  private func sleep(until time: UInt64) {
    while true {
      let now = wallNow()
      guard time > now else { return }
      usleep(UInt32(min((time - now) / 1_000, 500_000)))
    }
  }

  /// The string value of `key` in one line of JSON.
  static func text(of key: String, in json: String) -> String? {
    guard let range = json.firstRange(of: "\"\(key)\":\"") else { return nil }
    return String(json[range.upperBound...].prefix { $0 != "\"" })
  }

  /// The integer value of `key` in one line of JSON, read byte by byte.
  static func number(of key: String, in json: String) -> Int? {
    let pattern = Array("\"\(key)\":".utf8)
    let bytes = json.utf8
    var index = bytes.startIndex
    while index != bytes.endIndex {
      if bytes[index...].starts(with: pattern) {
        let digits = bytes[bytes.index(index, offsetBy: pattern.count)...].prefix {
          (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
        }
        guard !digits.isEmpty else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
      }
      index = bytes.index(after: index)
    }
    return nil
  }

  /// A page: its event stream and the keep-alive connection of its actions.
  final class Page {
    let port: Int
    /// The sign-in's folder.
    let home: String
    let events: LoadConnection
    let actions: LoadConnection
    let session: String
    var known: Int

    init(
      port: Int, home: String, events: LoadConnection, actions: LoadConnection, session: String,
      known: Int
    ) {
      self.port = port
      self.home = home
      self.events = events
      self.actions = actions
      self.session = session
      self.known = known
    }

    /// Posts one action as the page does; the answer's status, or `nil` when the server is gone.
    /// The body of the last refusal `post` was answered with.
    var refusal = ""

    func post(_ json: String, cookie: String) -> Int? {
      let request =
        "POST \(home)actions?session=\(session) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        + "Origin: http://127.0.0.1:\(port)\r\nCookie: \(cookie)\r\n"
        + "Content-Type: application/json\r\nContent-Length: \(json.utf8.count)\r\n\r\n\(json)"
      guard actions.send(request),
        let answer = actions.answerHead(by: wallNow() + 10_000_000_000)
      else { return nil }
      if answer.status >= 300 { refusal = answer.body }
      return answer.status
    }

    /// When the page's status shows `known` words known and no mark unsaved, or `nil` when it
    /// did not by `deadline` or the stream ended.
    func waitUntilSaved(known: Int, by deadline: UInt64) -> UInt64? {
      while let event = events.nextEvent(by: deadline) {
        guard event.name == "status",
          let shown = LoadLearner.number(of: "success", in: event.data), shown >= known,
          LoadLearner.number(of: "unsavedMarks", in: event.data) == 0
        else { continue }
        return wallNow()
      }
      return nil
    }
  }

  /// A flag one thread sets and another polls.
  final class Flag: @unchecked Sendable {
    // Safety: `value` is only read and written under `lock`.
    private var value = false
    private var lock = pthread_mutex_t()

    init() { pthread_mutex_init(&lock, nil) }

    func set() {
      pthread_mutex_lock(&lock)
      value = true
      pthread_mutex_unlock(&lock)
    }

    var isSet: Bool {
      pthread_mutex_lock(&lock)
      defer { pthread_mutex_unlock(&lock) }
      return value
    }
  }
}
