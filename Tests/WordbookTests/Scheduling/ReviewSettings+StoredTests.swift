import Testing
import Wordbook

/// The JSON text every database keeps the review settings in.
@Suite struct ReviewSettingsStoredTests {
  @Test func storedSettingsReadBackTheSame() throws {
    let chosen = try ReviewSettings(
      scheduler: try SchedulerSettings(desiredRetention: 0.85), newWordsPerDay: 7,
      learnAheadLimit: .seconds(60))
    for settings in [ReviewSettings.standard, chosen] {
      let json = try settings.storedJSON(path: "/tmp/marker.sqlite")
      #expect(try ReviewSettings(storedJSON: json, path: "/tmp/marker.sqlite") == settings)
    }
  }

  @Test func unreadableTextIsCorruptionOfTheNamedDatabase() {
    for json in ["", "{}", "{\"newWordsPerDay\": -1}", "[1, 2]"] {
      let error = #expect(throws: WordServiceError.self) {
        try ReviewSettings(storedJSON: json, path: "/tmp/marker.sqlite")
      }
      #expect(error?.kind == .corrupted)
      guard case .storage(let failure)? = error?.reason else {
        Issue.record("\(String(describing: error))")
        continue
      }
      #expect(failure.operation == .readSettings)
      #expect(failure.path == "/tmp/marker.sqlite")
    }
  }
}
