import Wordbook

/// `wordbook settings [KEY [VALUE]]`: shows the database's review settings, one `KEY\tVALUE`
/// line each, or one of them, or sets one. A value out of range is a usage error naming the
/// range, and nothing changes.
struct SettingsCommand: Subcommand {
  static let name = "settings"
  static let arguments = "[KEY [VALUE]]"
  static let summary = "show or set how reviews are scheduled"

  /// The setting to show or set; `nil` for all of them.
  var key: SchedulingSetting?
  /// The value to set, checked against its range when parsed.
  var value: String?
  /// The usage line, for a value the current settings refuse.
  var usage: String

  func run(in session: CommandSession) async throws(CommandFailure) {
    var settings = try await session.call { () async throws(WordServiceError) in
      try await session.service.reviewSettings()
    }
    if let key, let value {
      do {
        settings = try key.applying(value, to: settings, usage: usage)
      } catch {
        throw CommandFailure(status: WordbookCommand.usageFailure, problem: .usage(error))
      }
      try await session.call { [settings] () async throws(WordServiceError) in
        try await session.service.setReviewSettings(settings)
      }
    }
    for shown in key.map({ [$0] }) ?? SchedulingSetting.allCases {
      try session.out.writeLine(shown.rawValue + "\t" + shown.value(in: settings))
    }
  }
}

extension SettingsCommand {
  init(parsing arguments: SubcommandArguments) throws(UsageError) {
    let values = try arguments.split(required: 0, optional: 2).values
    usage = arguments.usage
    guard let name = values.first else { return }
    guard let key = SchedulingSetting(rawValue: name.lowercased()) else {
      throw UsageError(.unknownSetting(name), usage: usage)
    }
    self.key = key
    guard values.count == 2 else { return }
    // Each value is checked on its own, so the standard settings check it as the stored
    // ones will.
    _ = try key.applying(values[1], to: .standard, usage: usage)
    value = values[1]
  }
}
