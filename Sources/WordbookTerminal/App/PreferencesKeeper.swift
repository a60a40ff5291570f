import Wordbook

/// Keeps the study screen's preferences in the service's front-end values, one write after
/// another in the order the choices were made, so the last choice is the one kept; and reads
/// each book's speech languages once.
@MainActor
final class PreferencesKeeper {
  private let values: (any FrontEndValueStore)?
  private var lastWrite: Task<Void, Never>?
  private var languages: [WordBook.ID: SpeechLanguages] = [:]

  /// A keeper writing to `values`, or keeping nothing for a service that keeps no values.
  init(_ values: (any FrontEndValueStore)?) {
    self.values = values
  }

  /// Keeps `preferences` once the writes before are done. A write that fails costs only the
  /// choice in the next session.
  func keep(_ preferences: StudyPreferences) {
    guard let values else { return }
    lastWrite = Task { [lastWrite] in
      await lastWrite?.value
      try? await values.setStudyPreferences(preferences)
    }
  }

  /// Waits for every write asked for.
  func finish() async {
    await lastWrite?.value
  }

  /// The languages `book`'s sides are said in, read once; none set when they cannot be read.
  func speechLanguages(of book: WordBook.ID) async -> SpeechLanguages {
    if let known = languages[book] { return known }
    let read = (try? await values?.speechLanguages(of: book)) ?? SpeechLanguages()
    languages[book] = read
    return read
  }
}
