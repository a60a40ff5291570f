#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Headless Chromium driven through chromedriver (W3C WebDriver over HTTP), as little of it
/// as the web scenario needs: open a page, run a script, click, and drag with pointer actions.
///
/// Requests are built as text and answers read with patterns, so the benchmarks need no JSON
/// library; scripts return numbers, booleans or strings without quotes.
final class WebDriverClient {
  private let driver: pid_t
  private let port: Int
  private let session: String
  private static let elementKey = "element-6066-11e4-a52e-4f735466cecf"

  /// The Chromium binary and its driver, or `nil` when either is missing.
  static let installed: (chromium: String, driver: String)? = {
    let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
      (path: String) in access(path, X_OK) == 0
    }
    let driver = ["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"].first {
      (path: String) in access(path, X_OK) == 0
    }
    guard let chromium, let driver else { return nil }
    return (chromium, driver)
  }()

  /// Starts chromedriver on a free port (its output in `logFile`) and a headless browser with
  /// a desktop-sized window.
  ///
  /// - Throws: ``ChildProcessError`` when either does not start within 30 s.
  init(chromium: String, driver path: String, logFile: String) throws(ChildProcessError) {
    driver = try Self.spawn(path, ["--port=0"], output: logFile)
    let deadline = wallNow() + 30_000_000_000
    var found: Int?
    while found == nil, wallNow() < deadline {
      let log = readTextFile(logFile) ?? ""
      found = log.firstMatch(of: /started successfully on port (\d+)/).flatMap { Int($0.1) }
      if found == nil { usleep(20_000) }
    }
    guard let found else {
      kill(driver, SIGKILL)
      throw ChildProcessError(
        description: "chromedriver did not start: \(readTextFile(logFile) ?? "")")
    }
    port = found
    let arguments = [
      "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
      "--window-size=1280,800", "--lang=en-US",
    ].map(Report.string).joined(separator: ", ")
    let capabilities = """
      {"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": \
      {"binary": \(Report.string(chromium)), "args": [\(arguments)]}}}}
      """
    do throws(ChildProcessError) {
      let answer = try Self.call(found, "POST", "/session", capabilities)
      guard let id = answer.firstMatch(of: /"sessionId":"([^"]+)"/) else {
        throw ChildProcessError(description: "chromedriver opened no session: \(answer)")
      }
      session = String(id.1)
    } catch {
      kill(driver, SIGKILL)
      var status: Int32 = 0
      _ = waitpid(driver, &status, 0)
      throw error
    }
  }

  /// Ends the browser and the driver.
  func quit() {
    _ = try? Self.call(port, "DELETE", "/session/\(session)", "")
    _ = try? Self.call(port, "GET", "/shutdown", "")
    ChildProcess.waitOrKill(driver, within: 5_000_000_000)
  }

  /// Opens `url` and waits for it to load.
  func open(_ url: String) throws(ChildProcessError) {
    _ = try command("POST", "url", "{\"url\": \(Report.string(url))}")
  }

  /// Runs `script` in the page and returns its result as JSON text.
  @discardableResult
  func run(_ script: String) throws(ChildProcessError) -> String {
    let answer = try command(
      "POST", "execute/sync", "{\"script\": \(Report.string(script)), \"args\": []}")
    guard let value = answer.firstMatch(of: /^\{"value":(.*)\}$/) else {
      throw ChildProcessError(description: "a script gave no value: \(answer)")
    }
    return String(value.1)
  }

  /// Runs `script` until it returns a number, for at most `seconds`, and returns it.
  ///
  /// - Throws: ``ChildProcessError`` when none came in time.
  func number(_ script: String, within seconds: Double) throws(ChildProcessError) -> Double {
    let deadline = wallNow() + UInt64(seconds * 1e9)
    repeat {
      if let value = Double(try run(script)) { return value }
      usleep(10_000)
    } while wallNow() < deadline
    let asked = script.split(separator: "\n").first.map { String($0.prefix(80)) } ?? ""
    throw ChildProcessError(
      description: "the page gave no figure within \(Int(seconds)) s for: \(asked)")
  }

  /// Clicks the first element `selector` matches.
  func click(_ selector: String) throws(ChildProcessError) {
    // The page may draw the element again between finding it and clicking it (the book list
    // does when a count changes): then it is found again.
    var attempt = 1
    while true {
      do {
        try command("POST", "element/\(try element(selector))/click", "{}")
        return
      } catch  where attempt < 3 && error.description.contains("stale element reference") {
        attempt += 1
      }
    }
  }

  /// Presses the mouse on the middle of the element `selector` matches, drags it `dx` pixels
  /// sideways in four steps of 20 ms and releases it: a swipe as pointer events.
  func swipe(_ selector: String, dx: Int) throws(ChildProcessError) {
    let origin = "{\"\(Self.elementKey)\": \"\(try element(selector))\"}"
    let step = dx / 4
    let move =
      #"{"type": "pointerMove", "duration": 20, "origin": "pointer", "x": \#(step), "y": 0}"#
    let steps =
      [
        "{\"type\": \"pointerMove\", \"duration\": 0, \"origin\": \(origin), \"x\": 0, \"y\": 0}",
        "{\"type\": \"pointerDown\", \"button\": 0}",
      ] + Array(repeating: move, count: 4) + ["{\"type\": \"pointerUp\", \"button\": 0}"]
    let sequence = steps.joined(separator: ", ")
    try command(
      "POST", "actions",
      #"{"actions": [{"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": [\#(sequence)]}]}"#
    )
  }

  private func element(_ selector: String) throws(ChildProcessError) -> String {
    let answer = try command(
      "POST", "element", "{\"using\": \"css selector\", \"value\": \(Report.string(selector))}")
    guard let id = answer.firstMatch(of: /"element-6066-11e4-a52e-4f735466cecf":"([^"]+)"/) else {
      throw ChildProcessError(description: "no element matches \(selector): \(answer)")
    }
    return String(id.1)
  }

  @discardableResult
  private func command(_ method: String, _ path: String, _ body: String)
    throws(ChildProcessError) -> String
  {
    try Self.call(port, method, "/session/\(session)/\(path)", body)
  }

  private static func call(_ port: Int, _ method: String, _ path: String, _ body: String)
    throws(ChildProcessError) -> String
  {
    let answer = try LoopbackSocket.exchange(
      port: port, method, path, headers: [("Content-Type", "application/json")], body: body)
    guard answer.status < 400 else {
      throw ChildProcessError(description: "WebDriver \(method) \(path): \(answer.body)")
    }
    return answer.body
  }

  /// Starts `path` with its standard output and error written to `output`.
  static func spawn(_ path: String, _ arguments: [String], output: String)
    throws(ChildProcessError) -> pid_t
  {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
    guard spawned == 0 else {
      throw ChildProcessError(
        description: "cannot start \(path): \(String(cString: strerror(spawned)))")
    }
    return pid
  }
}
