import Testing

extension WordServiceContract.Requirement: CustomTestStringConvertible {
  /// The requirement's ``description``, which names its test case in Swift Testing's reports.
  public var testDescription: String { description }
}
