import Foundation
import Testing
import WordbookTestSupport

/// A headless Chromium driven through chromedriver's WebDriver HTTP API (W3C WebDriver).
@MainActor
final class WebDriver {
  /// A JSON value as WebDriver sends it.
  typealias JSON = Any

  private let driver: SpawnedProcess
  private let base: String
  private let session: String
  private static let elementKey = "element-6066-11e4-a52e-4f735466cecf"

  /// Starts chromedriver on a port of its choosing and returns it with the port. Told to choose,
  /// chromedriver takes a free IPv6 port and then binds IPv4 to the same number, which another
  /// test's process may hold: it then exits ("IPv4 port not available"), and another try picks
  /// another port.
  private static func startDriver(at path: String) async throws -> (SpawnedProcess, String) {
    var text = ""
    for _ in 1...5 {
      let driver = try SpawnedProcess([path, "--port=0"], output: .pipe)
      let reader = driver.output
      text = ""
      var port: String?
      let started = try await WebTestEnvironment.waitUntil {
        text += String(decoding: reader.availableData, as: UTF8.self)
        port = text.firstMatch(of: /started successfully on port (\d+)/).map { String($0.1) }
        return port != nil || !driver.isRunning
      }
      if started, let port { return (driver, port) }
      driver.send(SIGKILL)
      guard text.contains("port not available") else { break }
    }
    throw DriverError(message: "chromedriver did not start: \(text)")
  }

  /// Starts chromedriver on a free port and a browser with a window of `width`×`height` that
  /// asks for pages in `language` (its Accept-Language), with a touch screen (a coarse
  /// pointer) when `touch` is set.
  init(width: Int = 360, height: Int = 800, language: String = "en-US", touch: Bool = false)
    async throws
  {
    let (chromium, driverPath) = try #require(WebTestEnvironment.browser)
    let (driver, port) = try await Self.startDriver(at: driverPath)
    self.driver = driver
    base = "http://127.0.0.1:\(port)"
    let capabilities: [String: Any] = [
      "capabilities": [
        "alwaysMatch": [
          "browserName": "chrome",
          "goog:chromeOptions": [
            "binary": chromium,
            "args": [
              "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              "--window-size=\(width),\(height)", "--lang=\(language)",
            ],
            "prefs": ["intl.accept_languages": language],
            // The window alone does not set the page's size: headless Chromium keeps windows at
            // least 500 pixels wide and takes its own frame off their height.
            "mobileEmulation": [
              "deviceMetrics": [
                "width": width, "height": height, "pixelRatio": 1, "mobile": width < 600,
                "touch": touch,
              ]
            ],
          ],
        ]
      ]
    ]
    do {
      let answer = try await Self.call(base, "POST", "/session", capabilities)
      let value = try #require(answer as? [String: Any])
      session = try #require(value["sessionId"] as? String)
    } catch {
      driver.send(SIGKILL)
      throw error
    }
  }

  struct DriverError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }

  /// Ends the browser and the driver; chromedriver ignores SIGTERM, so it is asked to shut
  /// down and killed only if it has not within five seconds.
  func quit() async {
    _ = try? await Self.call(base, "DELETE", "/session/\(session)", nil)
    _ = try? await Self.call(base, "GET", "/shutdown", nil)
    let driver = driver
    let stopped =
      (try? await WebTestEnvironment.waitUntil(timeout: .seconds(5)) { !driver.isRunning }) ?? false
    if !stopped { driver.send(SIGKILL) }
    await driver.exit(within: .seconds(10))
  }

  /// Opens `url` in the current window.
  func open(_ url: String) async throws {
    _ = try await command("POST", "url", ["url": url])
  }

  /// Runs `script` in the page and returns its result.
  @discardableResult
  func run(_ script: String, _ arguments: [Any] = []) async throws -> JSON {
    try await command("POST", "execute/sync", ["script": script, "args": arguments])
  }

  /// Runs `script` until it returns `true`, for at most `timeout`.
  func waitFor(_ script: String, _ arguments: [Any] = [], timeout: Duration = .seconds(60))
    async throws -> Bool
  {
    try await WebTestEnvironment.waitUntil(timeout: timeout) {
      (try await self.run(script, arguments) as? Bool) == true
    }
  }

  /// The first element `selector` matches, as WebDriver names it.
  func element(_ selector: String) async throws -> [String: String] {
    let value = try await command("POST", "element", ["using": "css selector", "value": selector])
    let element = try #require(value as? [String: Any])
    return [Self.elementKey: try #require(element[Self.elementKey] as? String)]
  }

  /// Clicks the first element `selector` matches.
  func click(_ selector: String) async throws {
    try await onFreshElement(selector) { element in
      _ = try await command("POST", "element/\(element[Self.elementKey] ?? "")/click", [:])
    }
  }

  /// Runs `body` on the first element `selector` matches, finding it again when the page
  /// replaced it in between (an event re-drew the cards), as a finger would simply touch the
  /// card now shown there.
  private func onFreshElement(
    _ selector: String, _ body: ([String: String]) async throws -> Void
  ) async throws {
    for attempt in 1...3 {
      do {
        try await body(try await element(selector))
        return
      } catch  where attempt < 3 && "\(error)".contains("stale element reference") {
        continue
      }
    }
  }

  /// Types `text` into the first element `selector` matches.
  func type(_ text: String, into selector: String) async throws {
    let element = try await element(selector)
    _ = try await command(
      "POST", "element/\(element[Self.elementKey] ?? "")/value", ["text": text])
  }

  /// Empties the input the first element `selector` matches.
  func clear(_ selector: String) async throws {
    let element = try await element(selector)
    _ = try await command("POST", "element/\(element[Self.elementKey] ?? "")/clear", [:])
  }

  /// A PNG image of the window's page as it is shown.
  func screenshot() async throws -> Data {
    let text = try #require(try await command("GET", "screenshot", nil) as? String)
    return try #require(Data(base64Encoded: text))
  }

  /// Makes the page's media queries see `features`, such as `prefers-color-scheme: dark`,
  /// through chromedriver's DevTools command.
  func emulateMedia(_ features: [String: String]) async throws {
    let list = features.map { ["name": $0.key, "value": $0.value] }
    _ = try await command(
      "POST", "goog/cdp/execute",
      ["cmd": "Emulation.setEmulatedMedia", "params": ["features": list]])
  }

  /// Cuts the browser off the network, or gives it back, through chromedriver's own network
  /// emulation: the page's requests fail as on a phone without signal, and `navigator.onLine`
  /// follows, while every server stays up.
  func setOffline(_ offline: Bool) async throws {
    let conditions: [String: Any] = [
      "offline": offline, "latency": 0, "download_throughput": -1, "upload_throughput": -1,
    ]
    _ = try await command(
      "POST", "chromium/network_conditions", ["network_conditions": conditions])
  }

  /// Runs `script` in every page the window opens from now on, before the page's own scripts,
  /// through chromedriver's DevTools command: a browser without a feature, say.
  func runBeforeEachPage(_ script: String) async throws {
    _ = try await command(
      "POST", "goog/cdp/execute",
      ["cmd": "Page.addScriptToEvaluateOnNewDocument", "params": ["source": script]])
  }

  /// How a pointer action presses: a mouse's button, or a finger on a touch screen.
  enum PointerKind: String {
    case mouse
    case touch
  }

  /// Presses on the middle of the element `selector` matches, drags it `dx` pixels sideways in
  /// steps, and releases it: a swipe as pointer events, by mouse or by finger.
  func swipe(_ selector: String, dx: Int, with kind: PointerKind = .mouse) async throws {
    try await onFreshElement(selector) { element in
      var moves: [[String: Any]] = []
      for _ in 0..<4 {
        moves.append([
          "type": "pointerMove", "duration": 20, "origin": "pointer", "x": dx / 4, "y": 0,
        ])
      }
      try await press(element, moving: moves, with: kind)
    }
  }

  /// Puts a finger on the middle of the element `selector` matches and drags it `dx` pixels
  /// sideways, still down until ``release()``.
  func hold(_ selector: String, dx: Int) async throws {
    try await onFreshElement(selector) { element in
      let steps: [[String: Any]] = [
        ["type": "pointerMove", "duration": 0, "origin": element, "x": 0, "y": 0],
        ["type": "pointerDown", "button": 0],
        ["type": "pointerMove", "duration": 20, "origin": "pointer", "x": dx / 2, "y": 0],
        ["type": "pointerMove", "duration": 20, "origin": "pointer", "x": dx / 2, "y": 0],
      ]
      let actions: [String: Any] = [
        "actions": [
          [
            "type": "pointer", "id": PointerKind.touch.rawValue,
            "parameters": ["pointerType": PointerKind.touch.rawValue], "actions": steps,
          ]
        ]
      ]
      _ = try await command("POST", "actions", actions)
    }
  }

  /// Lifts every finger and releases every key still down.
  func release() async throws {
    _ = try await command("DELETE", "actions", nil)
  }

  /// Touches the middle of the element `selector` matches with a finger and lifts it: a tap.
  func tap(_ selector: String) async throws {
    try await onFreshElement(selector) { element in
      try await press(element, moving: [], with: .touch)
    }
  }

  private func press(
    _ element: [String: String], moving moves: [[String: Any]], with kind: PointerKind
  )
    async throws
  {
    let steps: [[String: Any]] =
      [
        ["type": "pointerMove", "duration": 0, "origin": element, "x": 0, "y": 0],
        ["type": "pointerDown", "button": 0],
      ] + moves + [["type": "pointerUp", "button": 0]]
    let actions: [String: Any] = [
      "actions": [
        [
          "type": "pointer", "id": kind.rawValue, "parameters": ["pointerType": kind.rawValue],
          "actions": steps,
        ]
      ]
    ]
    _ = try await command("POST", "actions", actions)
  }

  /// Presses `key` (a character, or a WebDriver key code such as "\u{E014}" for →).
  func press(_ key: String) async throws {
    let actions: [String: Any] = [
      "actions": [
        [
          "type": "key", "id": "keyboard",
          "actions": [["type": "keyDown", "value": key], ["type": "keyUp", "value": key]],
        ]
      ]
    ]
    _ = try await command("POST", "actions", actions)
  }

  /// Opens a new window and returns its handle.
  func newWindow() async throws -> String {
    let value = try await command("POST", "window/new", ["type": "window"])
    return try #require((value as? [String: Any])?["handle"] as? String)
  }

  /// The handle of the current window.
  func currentWindow() async throws -> String {
    try #require(try await command("GET", "window", nil) as? String)
  }

  /// Makes `handle` the current window.
  func switchTo(_ handle: String) async throws {
    _ = try await command("POST", "window", ["handle": handle])
  }

  private func command(_ method: String, _ path: String, _ body: [String: Any]?) async throws
    -> JSON
  {
    try await Self.call(base, method, "/session/\(session)/\(path)", body)
  }

  /// Sends one command with curl: chromedriver writes headers without a space after the
  /// colon, which FoundationNetworking's URLSession on Linux refuses. Its wait suspends, so the
  /// main actor, which the server under test needs while the browser loads a page, stays free.
  private static func call(_ base: String, _ method: String, _ path: String, _ body: [String: Any]?)
    async throws -> JSON
  {
    let input = try body.map { try JSONSerialization.data(withJSONObject: $0) } ?? Data()
    let url = base + path
    // Files rather than pipes, so the wait for curl suspends instead of holding a thread of
    // the cooperative pool (see `SpawnedProcess.exit(within:)`) and no pipe fills meanwhile:
    // the body, then the status on a line of its own.
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("webdriver-call-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let inputURL = folder.appendingPathComponent("in")
    let outputURL = folder.appendingPathComponent("out")
    try (method == "GET" || method == "DELETE" ? Data() : input).write(to: inputURL)
    let curl = try SpawnedProcess(
      [
        "/usr/bin/curl", "-s", "-X", method, "-H", "Content-Type: application/json",
        "--data-binary", "@" + inputURL.path, "-w", "\n%{http_code}", url,
      ], output: .file(outputURL.path))
    // A command waits for the page at most the driver's own page-load limit, 300 s.
    await curl.exit(within: .seconds(360))
    let exitStatus = curl.exitStatus
    let output = (try? Data(contentsOf: outputURL)) ?? Data()
    let text = String(decoding: output, as: UTF8.self)
    guard exitStatus == 0, let split = text.lastIndex(of: "\n") else {
      throw DriverError(message: "curl \(method) \(url) failed (\(exitStatus)): \(text)")
    }
    let status = Int(text[text.index(after: split)...]) ?? 0
    let object = try JSONSerialization.jsonObject(
      with: Data(text[..<split].utf8), options: [.fragmentsAllowed])
    let value = (object as? [String: Any])?["value"] ?? NSNull()
    if status >= 400 {
      throw DriverError(message: "WebDriver \(method) \(path): \(status) \(value)")
    }
    return value
  }
}
