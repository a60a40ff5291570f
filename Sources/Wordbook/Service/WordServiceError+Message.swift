extension WordServiceError {
  /// The error in an English sentence that says what failed and what to do, as logs record
  /// it: ``message(in:for:)`` in English, for the owner.
  public var message: String { message(in: .english) }
}
