import StoreCore

extension AppState: BookkeepingState {
  /// Takes `other`'s bookkeeping: the marks on their way to the service, the undo steps, the
  /// changes made while words were loading and the deleted words and books.
  ///
  /// A test store calls it so that a test describes what a front end shows (marks, mode,
  /// faces, errors) and reads the bookkeeping through ``canUndo``, ``hasUnsavedMarks`` and
  /// ``marksBeingSaved``; ``invariantViolations`` checks that the bookkeeping is consistent.
  ///
  /// - Parameter other: The state whose bookkeeping to copy.
  public mutating func adoptBookkeeping(from other: AppState) {
    serviceSync = other.serviceSync
  }
}
