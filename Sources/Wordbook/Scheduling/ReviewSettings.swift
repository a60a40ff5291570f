/// What a database's learner chose for reviews: the scheduler's settings and how many new
/// words a day the *Due* study mode brings in.
///
/// A ``WordService`` keeps one value per database (``WordService/reviewSettings()``);
/// changing the scheduler's settings reschedules every word from its log.
public struct ReviewSettings: Hashable, Sendable, Codable {
  /// The FSRS-6 settings every review is scheduled with.
  public var scheduler: SchedulerSettings
  /// How many never-reviewed words a day the *Due* mode adds after the due ones.
  public private(set) var newWordsPerDay: Int

  /// Creates settings, checking the number of new words a day.
  ///
  /// - Parameters:
  ///   - scheduler: The scheduler's settings.
  ///   - newWordsPerDay: New words a day, within ``newWordsPerDayBounds``.
  /// - Throws: ``SchedulerSettingsError/newWordsPerDayOutOfBounds(_:)`` when it is not.
  public init(scheduler: SchedulerSettings = .standard, newWordsPerDay: Int = 20)
    throws(SchedulerSettingsError)
  {
    guard Self.newWordsPerDayBounds.contains(newWordsPerDay) else {
      throw .newWordsPerDayOutOfBounds(newWordsPerDay)
    }
    self.scheduler = scheduler
    self.newWordsPerDay = newWordsPerDay
  }

  private init(checkedScheduler scheduler: SchedulerSettings, newWordsPerDay: Int) {
    self.scheduler = scheduler
    self.newWordsPerDay = newWordsPerDay
  }

  /// The settings of a new database: py-fsrs 6.3.2's scheduler and 20 new words a day.
  public static let standard = ReviewSettings(checkedScheduler: .standard, newWordsPerDay: 20)

  /// The numbers of new words a day a learner may choose.
  public static let newWordsPerDayBounds: ClosedRange<Int> = 0...10_000

  private enum CodingKeys: String, CodingKey {
    case scheduler, newWordsPerDay
  }

  /// Decodes settings and checks them as ``init(scheduler:newWordsPerDay:)`` does.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` for a value out of bounds, or the decoder's error.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let scheduler = try container.decode(SchedulerSettings.self, forKey: .scheduler)
    let newWordsPerDay = try container.decode(Int.self, forKey: .newWordsPerDay)
    do {
      try self.init(scheduler: scheduler, newWordsPerDay: newWordsPerDay)
    } catch {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath, debugDescription: "\(error)", underlyingError: error))
    }
  }
}
