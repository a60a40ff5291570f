import Foundation
import StoreCore

/// Returns a stable, readable text dump of any value: the form snapshots are stored in and
/// the form test-store diffs are made of.
///
/// Structs, classes and tuples print their stored properties one per line, nested values are
/// indented, dictionaries are sorted by key and sets by element, enums print their case and
/// associated values, and optionals print the wrapped value or `nil`. A value whose parts all
/// fit on one short line prints on one line, so a collection of thousands of small elements
/// is a line per element and a diff of it collapses the unchanged runs.
///
/// ```swift
/// textDump(of: Todo(id: 1, title: "Milk", tags: ["b", "a"]))
/// // Todo(id: 1, title: "Milk", tags: Set(["a", "b"]))
/// ```
///
/// - Parameter value: The value to describe.
/// - Returns: The dump, lines separated by `\n`, with no trailing newline.
public func textDump(of value: Any) -> String {
  var visited: Set<ObjectIdentifier> = []
  return TextDumper.render(value, visited: &visited).joined(separator: "\n")
}

/// The text dump of `value` when it fits on one line, else its description, for messages.
func shortDescription(of value: Any) -> String {
  let dump = textDump(of: value)
  return dump.contains("\n") ? String(describing: value) : dump
}

enum TextDumper {
  /// The longest line a composite value is folded into.
  static let foldWidth = 100
  static let indent = "  "

  static func render(_ value: Any, visited: inout Set<ObjectIdentifier>) -> [String] {
    if let leaf = leafDescription(of: value) { return [leaf] }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      guard let wrapped = mirror.children.first else { return ["nil"] }
      return render(wrapped.value, visited: &visited)
    case .collection:
      let elements = mirror.children.map { render($0.value, visited: &visited) }
      return composite(open: "[", close: "]", parts: elements.map { (nil, $0) })
    case .set:
      let elements = mirror.children.map { render($0.value, visited: &visited) }
        .sorted { $0.joined(separator: "\n") < $1.joined(separator: "\n") }
      return composite(open: "Set([", close: "])", parts: elements.map { (nil, $0) })
    case .dictionary:
      return dictionary(mirror, visited: &visited)
    case .enum:
      return enumCase(value, mirror: mirror, visited: &visited)
    case .tuple:
      return composite(open: "(", close: ")", parts: fields(of: mirror, visited: &visited))
    case .class:
      let identity = ObjectIdentifier(value as AnyObject)
      guard visited.insert(identity).inserted else { return ["\(typeName(of: value))(…cycle…)"] }
      defer { visited.remove(identity) }
      return structure(value, mirror: mirror, visited: &visited)
    default:
      return structure(value, mirror: mirror, visited: &visited)
    }
  }

  private static func structure(
    _ value: Any,
    mirror: Mirror,
    visited: inout Set<ObjectIdentifier>
  ) -> [String] {
    var parts: [(String?, [String])] = []
    var current: Mirror? = mirror
    var chain: [Mirror] = []
    while let level = current {
      chain.append(level)
      current = level.superclassMirror
    }
    for level in chain.reversed() { parts += fields(of: level, visited: &visited) }
    if parts.isEmpty, mirror.displayStyle == nil { return [String(describing: value)] }
    return composite(open: "\(typeName(of: value))(", close: ")", parts: parts)
  }

  private static func fields(
    of mirror: Mirror,
    visited: inout Set<ObjectIdentifier>
  ) -> [(String?, [String])] {
    mirror.children.enumerated().compactMap { offset, child in
      guard !(child.value is any UndescribedValue) else { return nil }
      let label = child.label.map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 }
      return (label ?? "\(offset)", render(child.value, visited: &visited))
    }
  }

  private static func dictionary(
    _ mirror: Mirror,
    visited: inout Set<ObjectIdentifier>
  ) -> [String] {
    var entries: [(key: String, value: [String])] = []
    for child in mirror.children {
      let pair = Array(Mirror(reflecting: child.value).children)
      guard pair.count == 2 else { continue }
      let key = render(pair[0].value, visited: &visited).joined(separator: " ")
      entries.append((key, render(pair[1].value, visited: &visited)))
    }
    entries.sort { $0.key < $1.key }
    if entries.isEmpty { return ["[:]"] }
    return composite(open: "[", close: "]", parts: entries.map { ($0.key, $0.value) })
  }

  private static func enumCase(
    _ value: Any,
    mirror: Mirror,
    visited: inout Set<ObjectIdentifier>
  ) -> [String] {
    guard let payload = mirror.children.first else {
      return [".\(String(describing: value))"]
    }
    let name = ".\(payload.label ?? "")"
    let payloadMirror = Mirror(reflecting: payload.value)
    if payloadMirror.displayStyle == .tuple {
      let parts = payloadMirror.children.map { child -> (String?, [String]) in
        let label = child.label.flatMap { $0.hasPrefix(".") ? nil : $0 }
        return (label, render(child.value, visited: &visited))
      }
      return composite(open: "\(name)(", close: ")", parts: parts)
    }
    return composite(
      open: "\(name)(", close: ")", parts: [(nil, render(payload.value, visited: &visited))])
  }

  /// Joins labelled parts on one line when they fit, else one part per indented line.
  private static func composite(
    open: String,
    close: String,
    parts: [(label: String?, lines: [String])]
  ) -> [String] {
    if parts.isEmpty { return [open + close] }
    let prefixed = parts.map { part -> [String] in
      guard let label = part.label else { return part.lines }
      var lines = part.lines
      lines[0] = "\(label): \(lines[0])"
      return lines
    }
    if prefixed.allSatisfy({ $0.count == 1 }) {
      let line = open + prefixed.map { $0[0] }.joined(separator: ", ") + close
      if line.count <= foldWidth { return [line] }
    }
    if parts.count == 1, parts[0].label == nil, let only = prefixed.first, only.count > 1,
      let first = only.first, let last = only.last
    {
      // A lone multi-line payload hugs its brackets: `.loaded([` … `])`.
      return [open + first] + only.dropFirst().dropLast() + [last + close]
    }
    var lines = [open]
    for part in prefixed {
      for (index, line) in part.enumerated() {
        let isLast = index == part.count - 1
        lines.append(indent + line + (isLast ? "," : ""))
      }
    }
    lines.append(close)
    return lines
  }

  private static func leafDescription(of value: Any) -> String? {
    switch value {
    case let string as String: return string.debugDescription
    case let substring as Substring: return String(substring).debugDescription
    case let character as Character: return String(character).debugDescription
    case let number as any Numeric: return String(describing: number)
    case let bool as Bool: return String(bool)
    case let date as Date: return date.formatted(.iso8601)
    case let uuid as UUID: return uuid.uuidString
    case let url as URL: return url.absoluteString
    case let data as Data: return "Data(\(data.count) bytes)"
    case is Any.Type: return String(describing: value)
    default: return nil
    }
  }

  private static func typeName(of value: Any) -> String {
    let name = String(reflecting: type(of: value))
    // Drop the module prefix of the outer type but keep generic arguments readable.
    guard let dot = name.firstIndex(of: "."), !name[..<dot].contains("<") else { return name }
    return String(name[name.index(after: dot)...])
  }
}
