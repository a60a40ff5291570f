/// What became of a package's media files.
public struct AnkiMediaSummary: Hashable, Sendable {
  /// Whether the media map could be read (see ``AnkiPackage``); when not, no media is imported.
  public var isSupported = true
  /// How many cards have a picture.
  public var cardsWithPictures = 0
  /// How many different pictures the cards show.
  public var pictures = 0
  /// How many sound and video files were skipped.
  public var skippedSounds = 0
  /// How many other files were skipped: pictures no imported card shows, fonts, and the like.
  public var skippedOther = 0
  /// How many media names have no file in the package: named in the media map without their
  /// member, or shown by a card without being in the map.
  public var missing = 0

  /// Creates an empty summary.
  public init() {}
}
