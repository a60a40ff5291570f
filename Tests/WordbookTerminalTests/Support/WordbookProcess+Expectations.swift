import Testing

extension WordbookProcess.Outcome {
  /// Expects the run to have failed with `status`, nothing on standard output and a message
  /// on standard error that contains `fragment`.
  func expectFailure(
    _ status: Int32, _ fragment: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(self.status == status, sourceLocation: sourceLocation)
    #expect(output.isEmpty, sourceLocation: sourceLocation)
    #expect(error.contains(fragment), "\(error)", sourceLocation: sourceLocation)
  }
}
