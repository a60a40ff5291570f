import Foundation
import Testing
import Wordbook

@Suite struct SchedulerSettingsTests {
  @Test func theDefaultsArePyFSRSs() throws {
    let settings = try SchedulerSettings()
    #expect(settings == .standard)
    #expect(settings.parameters.count == 21)
    #expect(settings.parameters.first == 0.212 && settings.parameters.last == 0.1542)
    #expect(settings.desiredRetention == 0.9)
    #expect(settings.learningSteps == [.seconds(60), .seconds(600)])
    #expect(settings.relearningSteps == [.seconds(600)])
    #expect(settings.maximumInterval == 36_500)
    #expect(settings.isFuzzEnabled)
  }

  @Test func everyValueOutOfBoundsIsRefusedByName() {
    var parameters = SchedulerSettings.defaultParameters
    #expect(throws: SchedulerSettingsError.wrongParameterCount(20)) {
      try SchedulerSettings(parameters: Array(parameters.dropLast()))
    }
    parameters[20] = 0.05
    #expect(throws: SchedulerSettingsError.parameterOutOfBounds(index: 20, value: 0.05)) {
      try SchedulerSettings(parameters: parameters)
    }
    for retention in [0.69, 0.995] {
      #expect(throws: SchedulerSettingsError.desiredRetentionOutOfBounds(retention)) {
        try SchedulerSettings(desiredRetention: retention)
      }
    }
    for step in [Duration.zero, .seconds(-60), .milliseconds(1_500)] {
      #expect(throws: SchedulerSettingsError.stepNotWholePositiveSeconds(step)) {
        try SchedulerSettings(relearningSteps: [.seconds(60), step])
      }
    }
    for days in [0, 36_501] {
      #expect(throws: SchedulerSettingsError.maximumIntervalOutOfBounds(days)) {
        try SchedulerSettings(maximumInterval: days)
      }
    }
    #expect(throws: Never.self) {
      try SchedulerSettings(
        parameters: SchedulerSettings.parameterBounds.map(\.upperBound), desiredRetention: 0.7,
        learningSteps: [], relearningSteps: [], maximumInterval: 1, isFuzzEnabled: false)
    }
  }

  @Test func decodingChecksTheBoundsAsTheInitializerDoes() throws {
    let settings = try SchedulerSettings(
      desiredRetention: 0.85, learningSteps: [.seconds(300)], isFuzzEnabled: false)
    let data = try JSONEncoder().encode(settings)
    #expect(try JSONDecoder().decode(SchedulerSettings.self, from: data) == settings)
    let tooLow = String(decoding: data, as: UTF8.self)
      .replacingOccurrences(of: "0.85", with: "0.5")
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(SchedulerSettings.self, from: Data(tooLow.utf8))
    }
  }
}
