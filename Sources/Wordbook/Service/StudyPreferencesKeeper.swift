/// A study screen's preferences and speech languages, kept in the service's front-end values
/// (``FrontEndValueStore``) when the service keeps any, for the page and the terminal alike:
/// the preferences read when the screen opens, written one after another in the order the
/// learner chose them (so the last choice is the one kept) without the screen waiting for them,
/// and each book's speech languages read once.
///
/// A write or a read that fails costs only a choice in the next session, or a language: the
/// screen goes on with what it has.
@MainActor
package final class StudyPreferencesKeeper {
  private let values: (any FrontEndValueStore)?
  /// The preferences last written, or read when the page opened.
  private var kept: StudyPreferences
  private var lastWrite: Task<Void, Never>?
  private var languages: [WordBook.ID: SpeechLanguages] = [:]
  private var booksBeingRead: Set<WordBook.ID> = []

  /// A keeper of `preferences`, as read from `values`, which writes to `values`; `nil` keeps
  /// nothing.
  package init(values: (any FrontEndValueStore)?, preferences: StudyPreferences) {
    self.values = values
    kept = preferences
  }

  /// The preferences the last session over `service` kept; the standard ones when the service
  /// keeps none, or they cannot be read.
  package static func preferences(in service: any WordService) async -> StudyPreferences {
    guard let values = service as? any FrontEndValueStore else { return StudyPreferences() }
    return (try? await values.studyPreferences()) ?? StudyPreferences()
  }

  /// Keeps `preferences` once the writes before are done, when they differ from those kept.
  package func keep(_ preferences: StudyPreferences) {
    guard let values, preferences != kept else { return }
    kept = preferences
    lastWrite = Task { [lastWrite] in
      await lastWrite?.value
      try? await values.setStudyPreferences(preferences)
    }
  }

  /// Waits for every write asked for.
  package func finishWriting() async {
    await lastWrite?.value
  }

  /// The languages `book`'s sides are said in, when they have been read; else `nil`, and they
  /// are read, and `read` is called once they are.
  package func speechLanguages(
    of book: WordBook.ID, whenRead read: @escaping @MainActor () -> Void
  ) -> SpeechLanguages? {
    if let known = languages[book] { return known }
    guard let values else { return SpeechLanguages() }
    guard booksBeingRead.insert(book).inserted else { return nil }
    Task {
      let languages = (try? await values.speechLanguages(of: book)) ?? SpeechLanguages()
      self.languages[book] = languages
      booksBeingRead.remove(book)
      read()
    }
    return nil
  }
}
