import StoreCore
import Wordbook

extension StudyScreen: PartTrackingState {
  /// A part of the screen's state that the terminal observes on its own.
  public enum Part: Hashable, Sendable {
    /// A part of the app's state.
    case app(AppState.Part)
    /// The screen's own state: cursor, overlay, prompt, question.
    case screen
  }

  /// The app's record of changed parts, and the screen's.
  ///
  /// The app keeps its own record, which `AppReducer` writes as it goes; this view of both is
  /// built when the store takes it, at a cost of the parts changed, never of the state's size.
  public var changedParts: ChangedParts<Part> {
    get {
      var record = screenChanges
      if app.changedParts.includesEverything {
        record.insertEverything()
      } else {
        for part in app.changedParts.parts { record.insert(.app(part)) }
      }
      return record
    }
    set {
      screenChanges.removeAll()
      app.changedParts.removeAll()
      if newValue.includesEverything {
        screenChanges.insertEverything()
        app.changedParts.insertEverything()
      }
      for part in newValue.parts {
        switch part {
        case .app(let part): app.changedParts.insert(part)
        case .screen: screenChanges.insert(.screen)
        }
      }
    }
  }
}
