/// Finds a word's position in a ``WordList`` from its ID in O(1), using 4 bytes a slot.
///
/// An open-addressing hash table of positions with linear probing: it stores positions only
/// and compares the IDs in the list itself, so a million words cost 8 MB instead of the
/// 30 MB of a `[Word.ID: Int]`.
struct WordIndex: Sendable {
  private var slots: [Int32]
  private var mask: Int

  /// Builds the index of `ids`, where `ids[position]` is the word at `position`.
  init(ids: some Collection<Word.ID>) {
    var capacity = 8
    while capacity < ids.count * 2 { capacity <<= 1 }
    slots = Array(repeating: -1, count: capacity)
    mask = capacity - 1
    for (position, id) in ids.enumerated() { place(position: Int32(position), id: id) }
  }

  /// The position of `id`, or `nil`; `idAt` returns the ID at a position.
  func position(of id: Word.ID, idAt: (Int) -> Word.ID) -> Int? {
    guard !slots.isEmpty else { return nil }
    var slot = Self.hash(id) & mask
    while true {
      let position = slots[slot]
      if position < 0 { return nil }
      if idAt(Int(position)) == id { return Int(position) }
      slot = (slot + 1) & mask
    }
  }

  private mutating func place(position: Int32, id: Word.ID) {
    var slot = Self.hash(id) & mask
    while slots[slot] >= 0 { slot = (slot + 1) & mask }
    slots[slot] = position
  }

  private static func hash(_ id: Word.ID) -> Int {
    var z = UInt64(bitPattern: id.rawValue) &* 0x9E37_79B9_7F4A_7C15
    z ^= z &>> 32
    return Int(truncatingIfNeeded: z)
  }
}
