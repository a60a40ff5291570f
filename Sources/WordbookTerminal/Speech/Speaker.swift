import Wordbook

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Says texts aloud with `espeak-ng`, found on the `PATH` when the screen opens: one text at
/// a time, the one before stopped when the next starts, and never waiting for the speech, so
/// the screen keeps answering keys while a word is said.
@MainActor
final class Speaker {
  /// The program that speaks, and the Debian package that installs it.
  static let program = "espeak-ng"
  /// The longest text said, in characters: a meaning of a whole page is cut there.
  static let longestText = 1000

  private let path: String
  private var speaking: pid_t?

  /// The speaker of the `espeak-ng` found in `searchPath` (a `PATH`), or `nil` when none is.
  init?(searchPath: String?) {
    let folders = (searchPath ?? "").split(separator: ":").filter { !$0.isEmpty }
    guard
      let found = folders.map({ $0 + "/" + Self.program }).first(where: { access($0, X_OK) == 0 })
    else { return nil }
    path = found
  }

  /// Says `text` in its language, after stopping the text said before, if it still speaks.
  func say(_ text: SpokenText) {
    stop()
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
    // The screen ignores the signals it watches and blocks none; the speech gets the defaults.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGWINCH, SIGCONT, SIGTSTP] {
      sigaddset(&defaults, signal)
    }
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &unblocked)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    // After `--`, a text that starts with `-` is said, never read as an option.
    let arguments = [
      path, "-v", Self.voice(for: text.language), "--", String(text.text.prefix(Self.longestText)),
    ]
    let argv = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid = pid_t()
    if posix_spawn(&pid, path, &actions, &attributes, argv, environ) == 0 { speaking = pid }
  }

  /// Stops the text being said, if any, and reaps its process.
  func stop() {
    guard let pid = speaking else { return }
    speaking = nil
    kill(pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1, errno == EINTR {}
  }

  /// The `espeak-ng` voice of a BCP 47 language tag: the regional voice where espeak-ng has
  /// one (`en-us`, `en-gb`, `pt-br`), else the language's (`ko` for `ko-KR`).
  static func voice(for language: String) -> String {
    let tag = language.lowercased().replacing("_", with: "-")
    if regionalVoices.contains(tag) { return tag }
    return String(tag.prefix { $0 != "-" })
  }

  private static let regionalVoices: Set<String> = [
    "en-us", "en-gb", "en-029", "en-gb-scotland", "es-419", "pt-br", "fr-be", "fr-ch",
    "vi-vn-x-central",
  ]
}
