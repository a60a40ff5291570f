/// Splits command-line arguments into plain values, options and flags: the one place that
/// knows how `wordbook`'s options are written.
///
/// An option takes its value as `--name value` or `--name=value`; a flag is `--name` alone;
/// after `--` every argument is a plain value, even one that starts with a dash. An option
/// or flag that is not named is kept among the values, in its place, for the caller to
/// judge: the global options let a subcommand's options through, a subcommand refuses them.
///
/// ```swift
/// let split = try ArgumentSplitter(options: ["db"], flags: ["help"])
///   .split(["--db=w.sqlite", "words", "--", "--odd"])
/// // split.values == ["words", "--odd"], split.firstLiteral == 1,
/// // split.options == ["db": "w.sqlite"]
/// ```
struct ArgumentSplitter {
  /// The arguments, taken apart.
  struct Split: Equatable {
    /// The arguments that are neither a named option, its value, a named flag nor `--`.
    var values: [String] = []
    /// The index in ``values`` of the first one that came after `--`, if `--` was given.
    var firstLiteral: Int?
    /// Each named option's value, by name without the dashes.
    var options: [String: String] = [:]
    /// The named flags that were given, without the dashes.
    var flags: Set<String> = []
  }

  /// The options that take a value, without their dashes.
  var options: Set<String> = []
  /// The flags, without their dashes.
  var flags: Set<String> = []

  /// Splits `arguments`.
  ///
  /// - Throws: ``UsageError`` for a named option without a value or given twice.
  func split(_ arguments: some Collection<String>) throws(UsageError) -> Split {
    var split = Split()
    var remaining = Array(arguments)[...]
    while let argument = remaining.popFirst() {
      guard split.firstLiteral == nil, argument.hasPrefix("--") else {
        split.values.append(argument)
        continue
      }
      if argument == "--" {
        split.firstLiteral = split.values.count
        continue
      }
      let body = argument.dropFirst(2)
      let name = String(body.prefix { $0 != "=" })
      let inlineValue = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
      if flags.contains(name), inlineValue == nil {
        split.flags.insert(name)
      } else if options.contains(name) {
        guard let value = inlineValue ?? remaining.popFirst() else {
          throw UsageError(.optionNeedsValue(option: name))
        }
        guard split.options.updateValue(value, forKey: name) == nil else {
          throw UsageError(.optionGivenTwice(option: name))
        }
      } else {
        split.values.append(argument)
      }
    }
    return split
  }
}
