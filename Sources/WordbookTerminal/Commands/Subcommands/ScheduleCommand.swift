import Foundation
import Wordbook

/// `wordbook schedule BOOK [--all]`: the words due now, most overdue first, or every word with
/// `--all`, one tab-separated line each: ID, term, phase, due time (ISO 8601 UTC), stability
/// and difficulty (6 decimals), reviews and lapses. A word never reviewed is `new`, with no due
/// time.
struct ScheduleCommand: Subcommand {
  static let name = "schedule"
  static let arguments = "BOOK [--all]"
  static let summary = "list the words due for review"

  /// The book, by ID or title.
  var book: String
  /// Whether to list every word rather than the due ones.
  var listsAll: Bool

  func run(in session: CommandSession) async throws(CommandFailure) {
    let book = try await session.book(book)
    let time = listsAll ? nil : Timestamp.now
    // Page by page, so the first lines show at once and memory stays flat at any book size.
    var last: ScheduledWord?
    while true {
      let page = try await session.call { [last] () async throws(WordServiceError) in
        try await session.service.fetchSchedule(
          in: book.id, dueBy: time, after: last, limit: CommandSession.pageSize)
      }
      for line in page { try Self.write(line, to: session.out) }
      try session.out.flush()
      guard page.count == CommandSession.pageSize else { return }
      last = page.last
    }
  }

  /// Writes the tab-separated line of one word, field by field into the output's buffer,
  /// with no array of fields and no joined line per word.
  static func write(_ line: ScheduledWord, to out: OutputFile) throws(CommandFailure) {
    let memory = line.memory
    try out.write(String(line.word.id.rawValue))
    try out.write("\t")
    try out.write(line.word.term.escapedForTerminal)
    try out.write("\t")
    try out.write(phaseName(memory.phase))
    try out.write("\t")
    if let due = memory.due { try out.write(due.iso8601) }
    try out.write("\t")
    try out.write(sixDecimals(memory.stability))
    try out.write("\t")
    try out.write(sixDecimals(memory.difficulty))
    try out.write("\t")
    try out.write(String(memory.reviewCount))
    try out.write("\t")
    try out.writeLine(String(memory.lapseCount))
  }

  /// `value` with six decimals, as C's `%.6f` writes it: `vsnprintf` itself, since
  /// Foundation's `String(format:)` cost most of a line's time (`reviewLog` benchmark).
  static func sixDecimals(_ value: Double) -> String {
    // The largest double takes 309 digits before the point, 317 characters in all.
    let capacity = 320
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
      let count = withVaList([value]) { vsnprintf(buffer.baseAddress, capacity, "%.6f", $0) }
      return String(
        decoding: UnsafeRawBufferPointer(
          start: buffer.baseAddress, count: min(max(Int(count), 0), capacity - 1)
        ).bindMemory(to: UInt8.self), as: UTF8.self)
    }
  }

  private static func phaseName(_ phase: MemoryPhase) -> String {
    switch phase {
    case .new: "new"
    case .learning: "learning"
    case .review: "review"
    case .relearning: "relearning"
    }
  }
}

extension ScheduleCommand {
  init(parsing arguments: SubcommandArguments) throws(UsageError) {
    let split = try arguments.split(required: 1, flags: ["all"])
    self.init(book: split.values[0], listsAll: split.flags.contains("all"))
  }
}
