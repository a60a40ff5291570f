import Foundation
import StoreTesting
import Testing

/// A nested value with every kind of part the dump handles.
struct Shelf: Equatable {
  enum Kind: Equatable {
    case archived(since: Int, reason: String?)
    case empty
    case open(Int)
  }

  var name: String
  var kind: Kind
  var labels: Set<String>
  var counts: [String: Int]
  var parent: String?
}

/// A class that refers to itself, to check cycles end.
final class Node {
  var name: String
  var next: Node?
  init(name: String) { self.name = name }
}

@Suite struct TextDumpTests {
  @Test func valuesThatFitOnALineStayOnOne() {
    let shelf = Shelf(
      name: "A", kind: .empty, labels: ["z", "a", "m"], counts: ["b": 2, "a": 1], parent: nil)
    #expect(
      textDump(of: shelf)
        == #"Shelf(name: "A", kind: .empty, labels: Set(["a", "m", "z"]), counts: ["a": 1, "b": 2], parent: nil)"#
    )
  }

  @Test func longValuesAreIndentedOnePartPerLine() {
    let shelf = Shelf(
      name: "Korean vocabulary, chapter one, with a long enough name to need its own lines",
      kind: .archived(since: 2024, reason: "done"),
      labels: [],
      counts: [:],
      parent: "Languages")
    #expect(
      textDump(of: shelf) == """
        Shelf(
          name: "Korean vocabulary, chapter one, with a long enough name to need its own lines",
          kind: .archived(since: 2024, reason: "done"),
          labels: Set([]),
          counts: [:],
          parent: "Languages",
        )
        """)
  }

  @Test func enumsShowTheirAssociatedValues() {
    #expect(textDump(of: Shelf.Kind.open(3)) == ".open(3)")
    #expect(
      textDump(of: Shelf.Kind.archived(since: 1, reason: nil)) == ".archived(since: 1, reason: nil)"
    )
    #expect(textDump(of: Optional(Shelf.Kind.empty) as Any) == ".empty")
  }

  @Test func theDumpIsTheSameWhateverTheHashingOrder() {
    let labels = Set((0..<200).map { "label\($0)" })
    let counts = Dictionary(uniqueKeysWithValues: (0..<200).map { ("key\($0)", $0) })
    let first = textDump(of: (labels, counts))
    let rebuilt = textDump(
      of: (Set(labels.reversed()), Dictionary(uniqueKeysWithValues: counts.reversed())))
    #expect(first == rebuilt)
  }

  @Test func largeCollectionsAreOneLinePerElement() {
    let words = (0..<5_000).map { "word \($0)" }
    let lines = textDump(of: words).split(separator: "\n")
    #expect(lines.count == 5_002)
    #expect(lines[1] == #"  "word 0","#)
  }

  @Test func cyclesEnd() {
    let node = Node(name: "a")
    node.next = node
    #expect(textDump(of: node) == #"Node(name: "a", next: Node(…cycle…))"#)
  }

  @Test func foundationLeavesPrintReadably() throws {
    let id = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
    #expect(textDump(of: id) == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
    #expect(textDump(of: Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
    #expect(textDump(of: Data([1, 2, 3])) == "Data(3 bytes)")
    #expect(textDump(of: (1, "a")) == #"(0: 1, 1: "a")"#)
  }
}
