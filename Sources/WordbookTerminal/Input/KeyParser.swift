/// Decodes the bytes a terminal sends in raw mode into ``Key`` values.
///
/// The parser is pure and incremental: a read may end in the middle of an escape sequence or
/// a UTF-8 character, so incomplete bytes wait for the next ``feed(_:)``. A lone Escape is
/// ambiguous until more input arrives or the caller gives up waiting and calls ``flush()``.
///
/// ```swift
/// var parser = KeyParser()
/// parser.feed(Array("\u{1B}[Cq".utf8))  // [.right, .character("q")]
/// ```
public struct KeyParser: Sendable {
  private var pending: [UInt8] = []
  private var lastWasCarriageReturn = false

  /// Creates a parser with nothing pending.
  public init() {}

  /// Whether bytes are waiting for the rest of their sequence.
  public var hasPendingBytes: Bool { !pending.isEmpty }

  /// Adds bytes and returns every key they complete.
  ///
  /// - Parameter bytes: Bytes as read from the terminal.
  /// - Returns: The complete keys, in order.
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
    pending.append(contentsOf: bytes)
    var keys: [Key] = []
    var index = 0
    while index < pending.count {
      guard let (key, length) = decode(at: index) else { break }
      if let key { keys.append(key) }
      index += length
    }
    pending.removeFirst(index)
    return keys
  }

  /// Gives up waiting for the rest of a sequence and returns the pending bytes as keys.
  ///
  /// A lone Escape becomes ``Key/escape``; a cut-off sequence becomes
  /// ``Key/unknownSequence(_:)``; a cut-off UTF-8 character is dropped.
  public mutating func flush() -> [Key] {
    defer { pending.removeAll() }
    guard let first = pending.first else { return [] }
    if first == 0x1B {
      return pending.count == 1 ? [.escape] : [.unknownSequence(pending)]
    }
    return []
  }

  /// Decodes the key starting at `index`; `nil` when more bytes are needed. The key is `nil`
  /// for bytes that carry no key (invalid UTF-8, the LF of a CR LF pair).
  private mutating func decode(at index: Int) -> (key: Key?, length: Int)? {
    let byte = pending[index]
    let afterCarriageReturn = lastWasCarriageReturn
    lastWasCarriageReturn = byte == 0x0D
    switch byte {
    case 0x0D:
      return (.enter, 1)
    case 0x0A:
      return (afterCarriageReturn ? nil : .enter, 1)
    case 0x03:
      return (.interrupt, 1)
    case 0x04:
      return (.endOfInput, 1)
    case 0x1A:
      return (.suspend, 1)
    case 0x08, 0x7F:
      return (.backspace, 1)
    case 0x09:
      return (.tab, 1)
    case 0x1B:
      return decodeEscape(at: index)
    case 0x00..<0x20:
      return (.control(byte), 1)
    case 0x20..<0x80:
      return (.character(Character(Unicode.Scalar(byte))), 1)
    default:
      return decodeUTF8(at: index)
    }
  }

  private func decodeEscape(at index: Int) -> (key: Key?, length: Int)? {
    guard index + 1 < pending.count else { return nil }
    let introducer = pending[index + 1]
    switch introducer {
    case UInt8(ascii: "["):
      // A control sequence: parameter and intermediate bytes, then one final byte.
      var end = index + 2
      while end < pending.count {
        let byte = pending[end]
        if (0x40...0x7E).contains(byte) {
          let sequence = Array(pending[index...end])
          return (
            Self.controlSequenceKey(final: byte, parameters: Array(pending[(index + 2)..<end]))
              ?? .unknownSequence(sequence),
            end - index + 1
          )
        }
        guard (0x20...0x3F).contains(byte) else {
          return (.unknownSequence(Array(pending[index..<end])), end - index)
        }
        end += 1
      }
      return nil
    case UInt8(ascii: "O"):
      guard index + 2 < pending.count else { return nil }
      let final = pending[index + 2]
      return (
        Self.controlSequenceKey(final: final, parameters: [])
          ?? .unknownSequence([0x1B, introducer, final]),
        3
      )
    default:
      // Alt or Meta with a key: report the Escape, then the key on its own.
      return (.escape, 1)
    }
  }

  /// The key of an arrow, Home or End sequence (`ESC [ A`, `ESC O H`), or of a numbered
  /// one (`ESC [ 5 ~` is Page Up, `ESC [ 3 ~` Delete; terminals send Home and End as 1, 7 or
  /// 4, 8).
  private static func controlSequenceKey(final: UInt8, parameters: [UInt8]) -> Key? {
    if final == UInt8(ascii: "~") {
      switch String(decoding: parameters, as: UTF8.self) {
      case "1", "7": return .home
      case "3": return .delete
      case "4", "8": return .end
      case "5": return .pageUp
      case "6": return .pageDown
      default: return nil
      }
    }
    guard parameters.isEmpty else { return nil }
    switch final {
    case UInt8(ascii: "A"): return .up
    case UInt8(ascii: "B"): return .down
    case UInt8(ascii: "C"): return .right
    case UInt8(ascii: "D"): return .left
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    default: return nil
    }
  }

  private func decodeUTF8(at index: Int) -> (key: Key?, length: Int)? {
    let lead = pending[index]
    let length: Int
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return (nil, 1)
    }
    var end = index + 1
    while end < index + length {
      guard end < pending.count else { return nil }
      guard pending[end] & 0xC0 == 0x80 else { return (nil, end - index) }
      end += 1
    }
    guard let text = String(validating: pending[index..<end], as: UTF8.self),
      let character = text.first
    else { return (nil, length) }
    return (.character(character), length)
  }
}
