import Wordbook

/// `wordbook settings [KEY [VALUE]]`: shows the database's review settings, one `KEY\tVALUE`
/// line each, or one of them, or sets one. A value out of range is a usage error naming the
/// range, and nothing changes. With `--book BOOK`, the same for the book's settings
/// (``BookSetting``).
struct SettingsCommand: Subcommand {
  static let name = "settings"
  static let arguments = "[--book BOOK] [KEY [VALUE]]"
  static let summary = "show or set scheduling, or how a book is said"

  /// The book whose settings to show or set; `nil` for the database's.
  var book: String?
  /// The book's setting to show or set, with `--book`; `nil` for all of them.
  var bookKey: BookSetting?
  /// The setting to show or set; `nil` for all of them.
  var key: SchedulingSetting?
  /// The value to set, checked against its range when parsed.
  var value: String?
  /// The usage line, for a value the current settings refuse.
  var usage: String

  func run(in session: CommandSession) async throws(CommandFailure) {
    if let book { return try await runOnBook(book, in: session) }
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
  /// `settings --book BOOK [KEY [VALUE]]`: the book's settings, or one, or sets one.
  @MainActor private func runOnBook(_ reference: String, in session: CommandSession)
    async throws(CommandFailure)
  {
    let book = try await session.book(reference).id
    guard let values = session.service as? any FrontEndValueStore else {
      throw CommandFailure(
        status: WordbookCommand.usageFailure,
        problem: .usage(UsageError(.settingNeedsBook(bookKey?.rawValue ?? ""), usage: usage)))
    }
    if let bookKey, let value {
      let tag = value == BookSetting.automatic ? "" : value
      try await session.call { () async throws(WordServiceError) in
        try await values.setSpeechLanguage(tag, of: bookKey.side, in: book)
      }
    }
    let languages = try await session.call { () async throws(WordServiceError) in
      try await values.speechLanguages(of: book)
    }
    for shown in bookKey.map({ [$0] }) ?? BookSetting.allCases {
      let tag = languages.language(of: shown.side) ?? BookSetting.automatic
      try session.out.writeLine(shown.rawValue + "\t" + tag)
    }
  }

  init(parsing arguments: SubcommandArguments) throws(UsageError) {
    let split = try arguments.split(required: 0, optional: 2, options: ["book"])
    let values = split.values
    usage = arguments.usage
    book = split.options["book"]
    guard let name = values.first else { return }
    if let bookKey = BookSetting(rawValue: name.lowercased()) {
      guard book != nil else { throw UsageError(.settingNeedsBook(name), usage: usage) }
      self.bookKey = bookKey
      guard values.count == 2 else { return }
      guard values[1] == BookSetting.automatic || SpeechLanguages.isLanguageTag(values[1]) else {
        throw UsageError(.invalidLanguage(values[1]), usage: usage)
      }
      value = values[1]
      return
    }
    guard book == nil, let key = SchedulingSetting(rawValue: name.lowercased()) else {
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
