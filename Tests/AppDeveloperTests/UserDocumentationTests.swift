import Foundation
import Testing

/// The documents a user starts from: a short README that reaches every guide in one click,
/// links that lead somewhere, and no internal issue numbers.
@Suite struct UserDocumentationTests {
  static let root = DocumentationSampleCoverageTests.root

  /// The guides, under `docs/`.
  static var guides: [String] {
    DocumentationSampleCoverageTests.files(under: "docs", endingWith: ".md")
  }

  /// Every Markdown file a user reads: the README, its guides, the change log, the benchmarks'
  /// record and the DocC articles.
  static var userFacingFiles: [String] {
    ["README.md", "CHANGELOG.md", "Benchmarks/README.md", "Benchmarks/earlier-runs.md"] + guides
      + DocumentationSampleCoverageTests.files(under: "Sources", endingWith: ".md")
      .filter { $0.contains(".docc/") }
  }

  static func text(of file: String) throws -> String {
    try DocumentationSampleCoverageTests.text(of: file)
  }

  /// The targets of a Markdown file's links and images, outside code.
  static func linkTargets(in text: String) -> [String] {
    var inFence = false
    var targets: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") { inFence.toggle() }
      guard !inFence else { continue }
      let prose = line.split(separator: "`", omittingEmptySubsequences: false)
        .enumerated().filter { $0.offset.isMultiple(of: 2) }.map(\.element).joined()
      for match in prose.matches(of: /\]\(([^)\s]+)\)|src="([^"]+)"/) {
        targets.append(String(match.output.1 ?? match.output.2 ?? ""))
      }
    }
    return targets
  }

  /// The anchors GitHub gives a Markdown file's headings.
  static func anchors(in text: String) -> Set<String> {
    var inFence = false
    var anchors: Set<String> = []
    for line in text.split(separator: "\n") {
      if line.hasPrefix("```") { inFence.toggle() }
      guard !inFence, line.hasPrefix("#") else { continue }
      let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
      let kept = title.unicodeScalars.filter {
        CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" || $0 == " "
      }
      anchors.insert(String(String.UnicodeScalarView(kept)).replacing(" ", with: "-"))
    }
    return anchors
  }

  /// `relative`, a link's path, from the folder whose components are `folder`.
  static func resolve(_ relative: String, from folder: [String]) -> String {
    var components = folder
    for component in relative.split(separator: "/") {
      switch component {
      case ".": continue
      case "..": _ = components.popLast()
      default: components.append(String(component))
      }
    }
    return components.joined(separator: "/")
  }

  @Test func theReadmeIsShort() throws {
    let lines = try Self.text(of: "README.md").split(
      separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count <= 300)
  }

  @Test func theReadmeLinksEveryGuide() throws {
    let targets = Set(Self.linkTargets(in: try Self.text(of: "README.md")))
    #expect(Self.guides.count >= 8)
    for guide in Self.guides {
      #expect(targets.contains(guide), "README.md does not link \(guide)")
    }
    #expect(targets.contains("Benchmarks/README.md"))
    #expect(targets.contains("CHANGELOG.md"))
  }

  @Test func everyLinkLeadsToAFileAndAHeading() throws {
    for file in ["README.md", "Benchmarks/README.md", "Benchmarks/earlier-runs.md"] + Self.guides {
      let folder = file.split(separator: "/").dropLast().map(String.init)
      for target in Self.linkTargets(in: try Self.text(of: file))
      where !target.hasPrefix("http") {
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = parts[0].isEmpty ? file : Self.resolve(String(parts[0]), from: folder)
        let exists = FileManager.default.fileExists(
          atPath: Self.root.appendingPathComponent(path).path)
        #expect(exists, "\(file): \(target) leads to no file")
        if exists, parts.count == 2 {
          #expect(
            Self.anchors(in: try Self.text(of: path)).contains(String(parts[1])),
            "\(file): \(target) leads to no heading")
        }
      }
    }
  }

  @Test func noUserFacingFileNamesAnIssueNumber() throws {
    for file in Self.userFacingFiles {
      let text = try Self.text(of: file)
      let found = text.firstMatch(of: /(?i)\bissues?[ -]?#?\d+/).map { String($0.output) }
      #expect(found == nil, "\(file) names \(found ?? "")")
    }
  }
}
