/// What a database's learner chose for reviews: the scheduler's settings, how many new words a
/// day a *Due* round brings in, and how far ahead a round shows a learning card when nothing
/// else is left.
///
/// A ``WordService`` keeps one value per database (``WordService/reviewSettings()``);
/// changing the scheduler's settings reschedules every word from its log.
public struct ReviewSettings: Hashable, Sendable {
  /// The FSRS-6 settings every review is scheduled with.
  public var scheduler: SchedulerSettings
  /// How many never-reviewed words a day the *Due* mode adds after the due ones.
  public private(set) var newWordsPerDay: Int
  /// How long before its step is due a learning card is shown when a round has nothing else
  /// left: 20 minutes, as Anki's learn-ahead limit.
  public private(set) var learnAheadLimit: Duration

  /// Creates settings, checking the number of new words a day and the learn-ahead limit.
  ///
  /// - Parameters:
  ///   - scheduler: The scheduler's settings.
  ///   - newWordsPerDay: New words a day, within ``newWordsPerDayBounds``.
  ///   - learnAheadLimit: A whole number of seconds within ``learnAheadLimitBounds``.
  /// - Throws: ``SchedulerSettingsError/newWordsPerDayOutOfBounds(_:)`` or
  ///   ``SchedulerSettingsError/learnAheadLimitOutOfBounds(_:)`` for a value out of bounds.
  public init(
    scheduler: SchedulerSettings = .standard, newWordsPerDay: Int = 20,
    learnAheadLimit: Duration = Self.standardLearnAheadLimit
  ) throws(SchedulerSettingsError) {
    guard Self.newWordsPerDayBounds.contains(newWordsPerDay) else {
      throw .newWordsPerDayOutOfBounds(newWordsPerDay)
    }
    guard Self.learnAheadLimitBounds.contains(learnAheadLimit),
      learnAheadLimit.components.attoseconds == 0
    else {
      throw .learnAheadLimitOutOfBounds(learnAheadLimit)
    }
    self.scheduler = scheduler
    self.newWordsPerDay = newWordsPerDay
    self.learnAheadLimit = learnAheadLimit
  }

  private init(checkedScheduler scheduler: SchedulerSettings, newWordsPerDay: Int) {
    self.scheduler = scheduler
    self.newWordsPerDay = newWordsPerDay
    self.learnAheadLimit = Self.standardLearnAheadLimit
  }

  /// The settings of a new database: py-fsrs 6.3.2's scheduler, 20 new words a day, and a
  /// learn-ahead limit of 20 minutes.
  public static let standard = ReviewSettings(checkedScheduler: .standard, newWordsPerDay: 20)

  /// The numbers of new words a day a learner may choose.
  public static let newWordsPerDayBounds: ClosedRange<Int> = 0...10_000

  /// Anki's learn-ahead limit: 20 minutes.
  public static let standardLearnAheadLimit = Duration.seconds(1200)

  /// The learn-ahead limits a learner may choose: none, up to a day.
  public static let learnAheadLimitBounds: ClosedRange<Duration> = .zero ... .seconds(86_400)
}

extension ReviewSettings: Codable {
  private enum CodingKeys: String, CodingKey {
    case scheduler, newWordsPerDay, learnAheadLimit
  }

  /// Decodes settings and checks them as ``init(scheduler:newWordsPerDay:learnAheadLimit:)``
  /// does; settings written before the learn-ahead limit existed have the standard one.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` for a value out of bounds, or the decoder's error.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let scheduler = try container.decode(SchedulerSettings.self, forKey: .scheduler)
    let newWordsPerDay = try container.decode(Int.self, forKey: .newWordsPerDay)
    let learnAheadLimit =
      try container.decodeIfPresent(Duration.self, forKey: .learnAheadLimit)
      ?? Self.standardLearnAheadLimit
    do {
      try self.init(
        scheduler: scheduler, newWordsPerDay: newWordsPerDay, learnAheadLimit: learnAheadLimit)
    } catch {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath, debugDescription: "\(error)", underlyingError: error))
    }
  }

  /// Encodes the settings; the learn-ahead limit only when it is not the standard one, so
  /// settings that keep it read back in a Wordbook that predates it.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(scheduler, forKey: .scheduler)
    try container.encode(newWordsPerDay, forKey: .newWordsPerDay)
    if learnAheadLimit != Self.standardLearnAheadLimit {
      try container.encode(learnAheadLimit, forKey: .learnAheadLimit)
    }
  }
}
