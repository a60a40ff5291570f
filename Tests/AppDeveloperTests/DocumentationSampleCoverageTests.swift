import Foundation
import Testing

/// Every Swift sample of the README, its guides in `docs/`, the DocC catalogues and the `///` comments is compiled and
/// run by a test: its code lines appear, in order, in one test source file under `Tests/`, or
/// in the `wordbook` executable's `main.swift`, which the command-line tests run.
///
/// A line matches when it occurs, with its whitespace and any trailing `//` comment removed, after
/// the previous line's match; so a test may wrap a line, and `store.state  // 1` is matched by
/// `#expect(store.state == 1)`. Blank and `//`-only lines are skipped.
@Suite struct DocumentationSampleCoverageTests {
  /// A sample no test can run, named by its file and its first code line.
  struct Exemption: Hashable {
    var file: String
    var firstLine: String
    var reason: String
  }

  /// The `wordbook` executable's main file, which the samples of its `main` show.
  static let executableMain = "Sources/WordbookCLI/main.swift"

  static let exemptions: [Exemption] = [
    Exemption(
      file: "Sources/StoreCore/StoreCore.docc/StoreCore.md", firstLine: "struct ScoreView: View {",
      reason: "a SwiftUI view: SwiftUI does not exist on Linux, where the tests run")
  ]

  /// A fenced Swift sample: where it starts and its lines.
  struct Sample {
    var file: String
    var line: Int
    var lines: [String]

    var codeLines: [String] { lines.map(Self.key).filter { !$0.isEmpty } }
    var firstCodeLine: String {
      lines.first { !Self.key($0).isEmpty }?.trimmingCharacters(in: .whitespaces) ?? ""
    }

    /// The line without whitespace or a trailing `//` comment (one outside a string literal).
    static func key(_ line: String) -> String {
      var kept = ""
      var inString = false
      var escaped = false
      var previous: Character?
      for character in line {
        if inString {
          if escaped {
            escaped = false
          } else if character == "\\" {
            escaped = true
          } else if character == "\"" {
            inString = false
          }
        } else if character == "\"" {
          inString = true
        } else if character == "/" && previous == "/" {
          kept.removeLast()
          break
        }
        kept.append(character)
        previous = inString ? nil : character
      }
      return kept.filter { !$0.isWhitespace }
    }
  }

  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static func files(under folder: String, endingWith suffix: String) -> [String] {
    let base = root.appendingPathComponent(folder)
    let found = FileManager.default.enumerator(atPath: base.path)?.allObjects as? [String] ?? []
    return found.filter { $0.hasSuffix(suffix) }.map { "\(folder)/\($0)" }.sorted()
  }

  static func text(of file: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
  }

  /// The samples of a file: Markdown fences in `.md` files, `/// ```swift` fences in sources.
  static func samples(in file: String) throws -> [Sample] {
    let lines = try text(of: file).split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    let isComment = file.hasSuffix(".swift")
    let (opening, closing) = isComment ? ("/// ```swift", "/// ```") : ("```swift", "```")
    var samples: [Sample] = []
    var index = 0
    while index < lines.count {
      defer { index += 1 }
      guard lines[index].trimmingCharacters(in: .whitespaces) == opening else { continue }
      let start = index
      var body: [String] = []
      index += 1
      while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != closing {
        var line = Substring(lines[index])
        if isComment {
          line = line.drop { $0 == " " }.dropFirst(3)
          if line.first == " " { line = line.dropFirst() }
        }
        body.append(String(line))
        index += 1
      }
      samples.append(Sample(file: file, line: start + 1, lines: body))
    }
    return samples
  }

  static func allSamples() throws -> [Sample] {
    let documents =
      ["README.md"] + files(under: "docs", endingWith: ".md")
      + files(under: "Sources", endingWith: ".md").filter { $0.contains(".docc/") }
    return try (documents + files(under: "Sources", endingWith: ".swift")).flatMap(samples(in:))
  }

  /// How many of the lines occur, in order, at the start of the list, in the text (both without
  /// whitespace).
  static func matchedPrefix(of lines: [String], in text: String) -> Int {
    var position = text.startIndex
    for (index, line) in lines.enumerated() {
      guard let found = text.range(of: line, range: position..<text.endIndex) else { return index }
      position = found.upperBound
    }
    return lines.count
  }

  static func occurs(_ lines: [String], inOrderIn text: String) -> Bool {
    matchedPrefix(of: lines, in: text) == lines.count
  }

  @Test func everySampleIsInATest() throws {
    let sources = Self.files(under: "Tests", endingWith: ".swift") + [Self.executableMain]
    let tests = try sources.map { try Self.text(of: $0).filter { !$0.isWhitespace } }
    let samples = try Self.allSamples()
    #expect(samples.count > 90)
    let exempt = Set(Self.exemptions.map { "\($0.file)\n\($0.firstLine)" })
    for sample in samples where !exempt.contains("\(sample.file)\n\(sample.firstCodeLine)") {
      let lines = sample.codeLines
      guard !lines.isEmpty else { continue }
      let matched = tests.map { Self.matchedPrefix(of: lines, in: $0) }.max() ?? 0
      #expect(
        matched == lines.count,
        """
        \(sample.file):\(sample.line): no test holds this sample's lines in order (the first \
        one missing from the closest test file: \(lines[min(matched, lines.count - 1)])); copy \
        the sample into a test
        """
      )
    }
  }

  @Test func everyExemptionNamesASample() throws {
    let samples = try Self.allSamples()
    for exemption in Self.exemptions {
      #expect(
        samples.contains { $0.file == exemption.file && $0.firstCodeLine == exemption.firstLine },
        "\(exemption.file): no sample starts with \(exemption.firstLine); drop its exemption")
    }
  }

  @Test func aLineKeepsItsCodeAndDropsItsComment() {
    #expect(Sample.key("store.state  // 1") == "store.state")
    #expect(
      Sample.key(#"  .package(url: "https://a.b/c", branch: "main"),"#)
        == #".package(url:"https://a.b/c",branch:"main"),"#)
    #expect(Sample.key(#"print("a \" // b")  // c"#) == #"print("a\"//b")"#)
    #expect(Sample.key("// only a comment").isEmpty)
    #expect(Self.occurs(["a", "b"], inOrderIn: "xaxb"))
    #expect(!Self.occurs(["b", "a"], inOrderIn: "xaxb"))
  }
}
