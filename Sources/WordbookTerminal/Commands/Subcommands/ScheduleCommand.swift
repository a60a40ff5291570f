import Wordbook

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
    let service = session.service
    // Page by page, so the first lines show at once and memory stays flat at any book size;
    // the next page is read while this one is written.
    let read = { @Sendable (last: ScheduledWord?) async throws in
      try await service.fetchSchedule(
        in: book.id, dueBy: time, after: last, limit: CommandSession.pageSize)
    }
    try await session.forEachPage(of: book, reading: read) { page throws(CommandFailure) in
      for line in page { try Self.write(line, to: session.out) }
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

  /// `value` with six decimals, exactly as C's `%.6f` writes it (the exact binary value
  /// rounded half to even).
  ///
  /// Values below 2^52 / 10^6 (every stability and difficulty) are rounded in integers, with
  /// the product's rounding error from a fused multiply-add deciding the halfway cases; the
  /// rest go through `vsnprintf`, whose argument boxing and conformance lookups cost a quarter
  /// of a `schedule --all` line (`reviewLog` benchmark).
  static func sixDecimals(_ value: Double) -> String {
    let magnitude = value.magnitude
    guard magnitude < 4_503_599_627 else { return printed(value) }
    let scaled = magnitude * 1_000_000
    // magnitude × 10^6 − scaled, exactly: a product's rounding error is itself a double.
    let error = (-scaled).addingProduct(magnitude, 1_000_000)
    var units = scaled.rounded(.toNearestOrEven)
    let distance = scaled - units
    if distance == 0.5 && error > 0 {
      units += 1
    } else if distance == -0.5 && error < 0 {
      units -= 1
    }
    let micros = UInt64(units)
    let whole = String(micros / 1_000_000)
    let fraction = micros % 1_000_000
    let sign = value.sign == .minus ? 1 : 0
    return String(unsafeUninitializedCapacity: sign + whole.utf8.count + 7) { bytes in
      var end = 0
      if sign == 1 {
        bytes[0] = UInt8(ascii: "-")
        end = 1
      }
      for byte in whole.utf8 {
        bytes[end] = byte
        end += 1
      }
      bytes[end] = UInt8(ascii: ".")
      var rest = fraction
      for position in stride(from: end + 6, to: end, by: -1) {
        bytes[position] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
      }
      return end + 7
    }
  }

  /// `value` as C's `%.6f` writes it, from `vsnprintf` itself.
  private static func printed(_ value: Double) -> String {
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
