/// The due times of a book's reviewed words as a binary min-heap, so the earliest is read in
/// O(1) and a review that moves a word's due time costs O(log *n*).
///
/// A word whose due time changes is pushed again rather than found and moved; its old entry
/// stays in the heap until it reaches the top, where ``dropStale(keeping:)`` removes it.
struct DueQueue: Sendable {
  /// A word's due time, ordered by time and then ID.
  struct Entry: Comparable, Sendable {
    var due: Timestamp
    var wordID: Word.ID

    static func < (lhs: Entry, rhs: Entry) -> Bool {
      (lhs.due, lhs.wordID) < (rhs.due, rhs.wordID)
    }
  }

  private var heap: [Entry] = []

  /// A queue of `dueTimes`, built in O(*n*).
  init(_ dueTimes: [Word.ID: Timestamp] = [:]) {
    heap = dueTimes.map { Entry(due: $0.value, wordID: $0.key) }
    for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
  }

  /// The earliest entry, which is current once ``dropStale(keeping:)`` has run.
  var first: Entry? { heap.first }

  /// Adds an entry.
  mutating func push(_ entry: Entry) {
    heap.append(entry)
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard heap[child] < heap[parent] else { break }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  /// The number of entries, stale ones included.
  var count: Int { heap.count }

  /// Removes the entries at the top that `dueTimes` no longer holds, so that ``first`` is the
  /// earliest current one.
  mutating func dropStale(keeping dueTimes: [Word.ID: Timestamp]) {
    dropStale { dueTimes[$0.wordID] != $0.due }
  }

  /// Removes the entries at the top that `isStale` says are no longer current, so that
  /// ``first`` is the earliest current one.
  mutating func dropStale(where isStale: (Entry) -> Bool) {
    while let top = heap.first, isStale(top) { removeFirst() }
  }

  /// Removes the earliest entry.
  mutating func removeFirst() {
    guard !heap.isEmpty else { return }
    heap.swapAt(0, heap.count - 1)
    heap.removeLast()
    siftDown(0)
  }

  private mutating func siftDown(_ start: Int) {
    var parent = start
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var smallest = parent
      if left < heap.count, heap[left] < heap[smallest] { smallest = left }
      if right < heap.count, heap[right] < heap[smallest] { smallest = right }
      guard smallest != parent else { return }
      heap.swapAt(parent, smallest)
      parent = smallest
    }
  }
}
