#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The study page of a release `wordbook serve` on a book of N words, in headless Chromium
/// driven through WebDriver, timed by the browser's own Performance API:
///
/// - `firstCardsPainted`: from the click on the book's button to the frame that shows its first
///   cards (the page opens a small book first, so each run loads the N words again);
/// - `swipeColourPainted`: from a swipe's `pointerup` (its event time stamp) to the frame that
///   shows the card's new `data-state` and colour;
/// - `changeFeedPainted`: from the moment this process sends a mark through a second session
///   (wall clock) to the frame that shows it in the page (`performance.timeOrigin` plus
///   `performance.now()`, the same clock);
/// - the server's resident memory with no page, with the browser's page once its book is
///   whole, and with four more sessions on the book; the growth per session beside what the
///   same book costs the memory scenario's store (its holding peak above its size before the
///   words).
///
/// "The frame that shows it" is taken when a task queued from that frame's
/// `requestAnimationFrame` callback runs, which is after the frame's rendering. The book is
/// built as in ``StudyScreenScenario``; without Chromium or libmicrohttpd the scenario is
/// skipped with a note naming the packages.
struct WebPageScenario: Scenario {
  let name = "webPage"

  func run(size: Int, runs: Int, into results: Results) async throws {
    guard let browser = WebDriverClient.installed else {
      results.note(
        "chromium or chromium-driver is not installed: the webPage scenario was skipped "
          + "(apt-get install chromium chromium-driver to run it).")
      return
    }
    let wordbook = try CommandScenario.wordbookBinary()
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let errors = folder.file("stderr.txt")
    let tsv = folder.file("words.tsv")
    try CommandScenario.writeWords(to: tsv, count: size)
    let database = folder.file("book.sqlite")
    try CommandScenario.createDatabase(database)
    for arguments in [
      ["import", tsv, "--book", "Benchmark"], ["new-book", "Small"], ["add", "Small", "a", "b"],
    ] {
      try MeasuredRun.run(wordbook, ["--db", database] + arguments, errorFile: errors)
        .expect("wordbook \(arguments[0])")
    }
    unlink(tsv)

    guard let server = try Self.startServer(wordbook, on: database, folder: folder) else {
      results.note(
        "libmicrohttpd is not installed: the webPage scenario was skipped "
          + "(apt-get install libmicrohttpd12 to run it).")
      return
    }
    defer { server.stop() }
    let driver = try WebDriverClient(
      chromium: browser.chromium, driver: browser.driver, logFile: folder.file("driver.txt"))
    defer { driver.quit() }
    let figures = try Self.measure(
      WebPage(driver: driver, size: size), on: server, runs: runs)
    let times: [(String, [Double], Double)] = [
      ("firstCardsPainted", figures.firstCards, 100_000_000),
      ("swipeColourPainted", figures.swipes, 50_000_000),
      ("changeFeedPainted", figures.feed, 1_000_000_000),
    ]
    add(
      to: results, size: size, times: times,
      memory: (figures.idle, figures.withPage, figures.withFive, try Self.storeMemory(size: size)))
  }

  /// What one run of the page measured: times in nanoseconds, memory in bytes.
  private struct Figures {
    var firstCards: [Double] = []
    var swipes: [Double] = []
    var feed: [Double] = []
    var idle = 0
    var withPage = 0
    var withFive = 0
  }

  /// Starts the server, or returns `nil` when libmicrohttpd is missing.
  private static func startServer(_ wordbook: String, on database: String, folder: ScratchFolder)
    throws(ChildProcessError) -> ServeProcess?
  {
    do {
      return try ServeProcess(
        wordbook: wordbook, database: database, output: folder.file("serve.txt"))
    } catch {
      if error.description.contains("libmicrohttpd") { return nil }
      throw error
    }
  }

  private static func measure(_ page: WebPage, on server: ServeProcess, runs: Int)
    throws(ChildProcessError) -> Figures
  {
    var figures = Figures()
    figures.idle = server.residentBytes
    try page.driver.open(server.url)
    let (big, small) = try page.bookIDs()
    for round in 0...runs {
      try page.open(small, waitingFor: "Number(card.dataset.wordId) > \(page.size)")
      let time = try page.timeFirstCards(of: big)
      if round > 0 { figures.firstCards.append(time) }
    }
    for round in 0...runs {
      let time = try page.timeSwipe(of: try page.unusedCard())
      if round > 0 { figures.swipes.append(time) }
    }
    // A session's cost is what it holds once its book is whole: at 10M the rest is still
    // being read a second after the swipes, so the size would be a first page's.
    try page.waitUntilWholeBook()
    figures.withPage = server.settledResident
    let sessions = try openSessions(4, on: big, of: server, counting: page.size)
    defer { for events in sessions.events { events.close() } }
    figures.withFive = server.settledResident
    for round in 0...runs {
      let id = try page.unusedCard()
      try page.watchFeed(of: id)
      let sent = realtimeMilliseconds()
      try server.send("{\"kind\":\"markSuccess\",\"id\":\(id)}", to: sessions.first)
      let shown = try page.driver.number("return window.wordbookBenchmark.feed", within: 30)
      if round > 0 { figures.feed.append((shown - sent) * 1_000_000) }
    }
    return figures
  }

  /// Opens `count` sessions on `book` over plain HTTP and waits until each has loaded all its
  /// `words` (a big book shows its first page before).
  private static func openSessions(
    _ count: Int, on book: Int, of server: ServeProcess, counting words: Int
  ) throws(ChildProcessError) -> (events: [LoopbackSocket], first: String) {
    var streams: [LoopbackSocket] = []
    var first = ""
    for _ in 0..<count {
      let session = try server.openSession()
      streams.append(session.events)
      if first.isEmpty { first = session.id }
      // A new session knows no book until its list has loaded.
      let listed = session.events.read(for: 120) { socket in
        socket.text.contains("\"state\":\"choose\"") || socket.text.contains("\"state\":\"chosen\"")
      }
      guard listed else {
        for stream in streams { stream.close() }
        throw ChildProcessError(description: "a second session never listed the books")
      }
      try server.send("{\"kind\":\"selectBook\",\"book\":\(book)}", to: session.id)
      let loaded = session.events.read(for: 120) { socket in
        countsWholeBook(socket.text, words: words)
      }
      guard loaded else {
        for stream in streams { stream.close() }
        throw ChildProcessError(description: "a second session never loaded the book")
      }
    }
    return (streams, first)
  }

  /// Whether the last status event in `text` counts `words` words in all: the whole book is in.
  private static func countsWholeBook(_ text: String, words: Int) -> Bool {
    guard let start = text.ranges(of: "event: status").last?.upperBound else { return false }
    let data = String(text[start...].split(separator: "\n\n", maxSplits: 1).first ?? "")
    let counts = ["success", "fail", "notStudied"].compactMap {
      LoadLearner.number(of: $0, in: data)
    }
    return counts.count == 3 && counts.reduce(0, +) == words
  }

  private func add(
    to results: Results, size: Int, times: [(String, [Double], Double)],
    memory: (idle: Int, withPage: Int, withFive: Int, store: Int)
  ) {
    let label = sizeLabel(size)
    for (operation, samples, limit) in times {
      let time = Measurement(
        name: "WebPage.\(operation)(\(label))", scenario: name, size: size, unit: .nanoseconds,
        samples: samples)
      let budget = Measurement(
        name: "limit.WebPage.\(operation)(\(label))", scenario: name, size: size,
        unit: .nanoseconds, samples: [limit])
      results.add(time)
      results.add(budget)
      results.compare(time, with: budget, .atMost, 1)
      // Issue 29: a book's first cards show as fast at any size.
      if operation == "firstCardsPainted" { results.compareWithSmallestBook(time, 1.5) }
    }
    func bytes(_ name: String, _ value: Int) -> Measurement {
      Measurement(
        name: name, scenario: self.name, size: size, unit: .bytes, samples: [Double(value)])
    }
    let perSession = bytes(
      "WebServer.memoryPerSession(\(label))", max(memory.withFive - memory.withPage, 0) / 4)
    let store = bytes("Store.memoryHeld(\(label))", memory.store)
    let onePage = bytes("WebServer.memoryOnePage(\(label))", memory.withPage)
    let fiveSessions = bytes("WebServer.memoryFiveSessions(\(label))", memory.withFive)
    for measurement in [
      bytes("WebServer.memoryNoPage(\(label))", memory.idle), onePage, fiveSessions, perSession,
      store,
    ] {
      results.add(measurement)
    }
    // Issue 29: the sessions of a book share its words, so four more cost at most a quarter
    // of one, and each at most a tenth of what the book costs a store.
    results.compare(fiveSessions, with: onePage, .atMost, 1.25)
    results.compare(perSession, with: store, .atMost, 0.10)
  }

  /// What the book costs a store: the holding peak of the memory scenario's child above its
  /// resident size before it made the words, a growth like the per-session figure.
  private static func storeMemory(size: Int) throws -> Int {
    let output = try ChildProcess.run(
      ChildProcess.currentExecutable, [Options.memoryChildFlag, "store", String(size)])
    return MemoryChildReport(parsing: output).heldByWords
  }
}

extension ServeProcess {
  /// The resident size once the server is idle: a session frees the words it read after its
  /// book shows (at 10M, a second or more of work that leaves the size flat), then returns
  /// them to the system. Sampled every half second until the server used less than 20 ms of
  /// CPU and its size changed by less than 1 MiB since the sample before, for at most two
  /// minutes.
  fileprivate var settledResident: Int {
    var last = (resident: residentBytes, cpu: cpuSeconds)
    for _ in 0..<240 {
      usleep(500_000)
      let now = (resident: residentBytes, cpu: cpuSeconds)
      if abs(now.resident - last.resident) < 1 << 20, now.cpu - last.cpu < 0.02 {
        return now.resident
      }
      last = now
    }
    return last.resident
  }
}

/// The wall clock in milliseconds since 1970, the clock of `performance.timeOrigin`.
private func realtimeMilliseconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_REALTIME, &time)
  return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
}
