/// What a line of the study screen's key help says the keys do, worded in each language's
/// catalogue (``EnglishCatalogue``, ``KoreanCatalogue``).
public enum StudyKeyHelp: Hashable, Sendable, CaseIterable {
  /// Turn the card over.
  case flip
  /// Knew it: rated good.
  case knewIt
  /// Did not know it: rated again.
  case didNotKnow
  /// Rate the card again, hard, good or easy.
  case rate
  /// Clear the mark.
  case resetMark
  /// Move between cards.
  case move
  /// Move by a page.
  case movePage
  /// Go to the first or the last card.
  case firstOrLast
  /// Edit or delete the card.
  case editOrDelete
  /// Search, or clear the search.
  case search
  /// Show the meaning first, or the term.
  case reverse
  /// Type the answers, or stop.
  case typing
  /// Say the side shown, or say each new card's term.
  case say
  /// Undo or redo a mark.
  case undoOrRedo
  /// Shuffle.
  case shuffle
  /// Study again the cards missed in the round, or all of the round's cards.
  case restudy
  /// Change the study mode.
  case studyMode
  /// Pick a wordbook.
  case chooseBook
  /// Add a word.
  case addWord
  /// Show or hide the help.
  case help
  /// Quit.
  case quit

  /// The line's text in `language`.
  public func text(in language: Language) -> String {
    language.catalogue.text(self)
  }
}
