/// What the wordbook picker shows, derived from the state.
///
/// Failure and an empty list are different states: the list may have loaded and be empty, or
/// not have loaded at all.
public enum BookPicker: Hashable, Sendable {
  /// The list is on its way.
  case loading
  /// The list could not be loaded, with this error; offer a retry
  /// (``WordbookListFeature/Action/View/loadBooks``).
  case failed(WordServiceError)
  /// The list loaded and holds no wordbook yet.
  case empty
  /// The list loaded; nothing is selected yet.
  case chooseOne([WordBook])
  /// A wordbook is selected.
  case chosen(WordBook)
}
