/// A line diff of two texts, for failure messages: `-` marks a line only in the expected text,
/// `+` a line only in the actual one, and long runs of unchanged lines are collapsed.
package struct LineDiff {
  /// The largest number of line pairs compared line by line; beyond it the differing middle
  /// parts are shown whole (first removed, then added), which stays correct, only less tidy.
  static let comparisonLimit = 4_000_000
  /// Unchanged lines kept around each change.
  static let context = 2

  enum Line: Equatable {
    case same(String)
    case removed(String)
    case added(String)
  }

  let lines: [Line]

  /// Compares `expected` with `actual`.
  package init(expected: String, actual: String) {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      suffix += 1
    }
    let oldMiddle = Array(old[prefix..<(old.count - suffix)])
    let newMiddle = Array(new[prefix..<(new.count - suffix)])
    lines =
      old[..<prefix].map(Line.same)
      + Self.middle(oldMiddle, newMiddle)
      + old[(old.count - suffix)...].map(Line.same)
  }

  /// Whether the texts differ.
  package var hasChanges: Bool {
    lines.contains { if case .same = $0 { false } else { true } }
  }

  /// The diff as text, unchanged runs longer than twice the context collapsed to one line.
  package var rendered: String {
    var output: [String] = []
    var index = 0
    while index < lines.count {
      guard case .same = lines[index] else {
        output.append(Self.render(lines[index]))
        index += 1
        continue
      }
      var end = index
      while end < lines.count, case .same = lines[end] { end += 1 }
      let keepBefore = index == 0 ? 0 : Self.context
      let keepAfter = end == lines.count ? 0 : Self.context
      if end - index > keepBefore + keepAfter + 1 {
        output += lines[index..<(index + keepBefore)].map(Self.render)
        output.append("  … (\(end - index - keepBefore - keepAfter) unchanged lines)")
        output += lines[(end - keepAfter)..<end].map(Self.render)
      } else {
        output += lines[index..<end].map(Self.render)
      }
      index = end
    }
    return output.joined(separator: "\n")
  }

  private static func render(_ line: Line) -> String {
    switch line {
    case .same(let text): "  \(text)"
    case .removed(let text): "- \(text)"
    case .added(let text): "+ \(text)"
    }
  }

  /// A longest-common-subsequence diff of the parts that differ.
  private static func middle(_ old: [String], _ new: [String]) -> [Line] {
    if old.isEmpty || new.isEmpty || old.count * new.count > comparisonLimit {
      return old.map(Line.removed) + new.map(Line.added)
    }
    let width = new.count + 1
    var lengths = [Int32](repeating: 0, count: (old.count + 1) * width)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
      for j in stride(from: new.count - 1, through: 0, by: -1) {
        lengths[i * width + j] =
          old[i] == new[j]
          ? lengths[(i + 1) * width + j + 1] + 1
          : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
      }
    }
    var result: [Line] = []
    var i = 0
    var j = 0
    while i < old.count, j < new.count {
      if old[i] == new[j] {
        result.append(.same(old[i]))
        i += 1
        j += 1
      } else if lengths[(i + 1) * width + j] >= lengths[i * width + j + 1] {
        result.append(.removed(old[i]))
        i += 1
      } else {
        result.append(.added(new[j]))
        j += 1
      }
    }
    result += old[i...].map(Line.removed)
    result += new[j...].map(Line.added)
    return result
  }
}
