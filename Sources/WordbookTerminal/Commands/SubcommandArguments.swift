import Wordbook

/// The arguments given to one subcommand, with checks that name its usage when they fail.
struct SubcommandArguments: Sendable {
  /// The arguments after the subcommand's name, global options and `--` removed.
  var values: [String]
  /// The index of the first value that came after `--`.
  var firstLiteral: Int
  /// The subcommand's name.
  var name: String
  /// The subcommand's usage line.
  var usage: String

  /// Splits the arguments into plain values, the options named in `options` (each given as
  /// `--name value` or `--name=value`) and the flags named in `flags`, all without dashes,
  /// and checks the number of plain values.
  ///
  /// - Parameters:
  ///   - required: How many plain values there must be at least.
  ///   - optional: How many more there may be.
  /// - Returns: The plain values, each option's value and the flags given.
  /// - Throws: ``UsageError`` for an option or flag not named, an option without a value or
  ///   given twice, or too few or too many plain values.
  func split(
    required: Int, optional: Int = 0, options: Set<String> = [], flags: Set<String> = []
  ) throws(UsageError) -> ArgumentSplitter.Split {
    var split: ArgumentSplitter.Split
    do {
      split = try ArgumentSplitter(options: options, flags: flags)
        .split(values.prefix(firstLiteral))
    } catch {
      throw UsageError(error.problem, usage: usage)
    }
    if let option = split.values.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
      // A single dash more likely starts a value than a misspelt option: say how to give it.
      throw UsageError(
        .unknownSubcommandOption(
          option: option, subcommand: name, suggestsDashes: !option.hasPrefix("--")),
        usage: usage)
    }
    split.values += values.dropFirst(firstLiteral)
    guard split.values.count >= required else {
      throw UsageError(.missingArguments(subcommand: name), usage: usage)
    }
    guard split.values.count <= required + optional else {
      throw UsageError(
        .tooManyArguments(subcommand: name, limit: required + optional), usage: usage)
    }
    return split
  }

  /// The value of `--replica`, the URL of a hot standby of the PostgreSQL database.
  ///
  /// - Throws: ``UsageError`` when `value` is not a PostgreSQL URL.
  func replica(_ value: String?) throws(UsageError) -> String? {
    guard let value else { return nil }
    guard WordbookDatabase.isServer(value) else {
      throw UsageError(.replicaNeedsPostgres, usage: usage)
    }
    return value
  }

  /// A word ID given as an argument.
  ///
  /// - Throws: ``UsageError`` when `value` is not a positive number.
  func wordID(_ value: String) throws(UsageError) -> Word.ID {
    guard value.allSatisfy({ $0.isASCII && $0.isNumber }), let raw = Int64(value), raw > 0 else {
      throw UsageError(.invalidWordID(value), usage: usage)
    }
    return Word.ID(raw)
  }

  /// The value of an option that names a moment, ISO 8601 with a zone (`Z` or an offset).
  ///
  /// - Throws: ``UsageError`` naming the option and the value.
  func time(_ value: String?, of option: String) throws(UsageError) -> Timestamp? {
    guard let value else { return nil }
    guard let time = Timestamp(iso8601: value) else {
      throw UsageError(.invalidTime(option: option, value: value), usage: usage)
    }
    return time
  }

  /// The value of an option that must be one of `Choice`'s raw values.
  ///
  /// - Throws: ``UsageError`` listing the accepted values.
  func choice<Choice: RawRepresentable & CaseIterable>(
    _ value: String?, of option: String, as type: Choice.Type = Choice.self
  ) throws(UsageError) -> Choice? where Choice.RawValue == String {
    guard let value else { return nil }
    guard let choice = Choice(rawValue: value.lowercased()) else {
      throw UsageError(
        .invalidChoice(option: option, accepted: Choice.allCases.map(\.rawValue), value: value),
        usage: usage)
    }
    return choice
  }
}
