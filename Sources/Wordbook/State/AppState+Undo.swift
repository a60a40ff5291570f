extension AppState {
  /// The most marks ``AppAction/undo`` can step back over: the oldest mark beyond them is
  /// forgotten when a new one is made. The steps hold the change, never a copy of the words,
  /// so the bound caps a few kilobytes, not a book.
  public static let undoLimit = 100
}
