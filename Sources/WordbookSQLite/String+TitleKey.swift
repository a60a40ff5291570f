import Wordbook

extension String {
  /// `wordbookTitleKey` (the title trimmed and lowercased, which the domain compares with `==`)
  /// in Normalization Form C, so that equal keys are equal bytes and SQLite can compare them.
  ///
  /// So "TOEIC 800", " toeic 800 " and a decomposed spelling of an accented title are one
  /// title. NFC rather than NFKC: it is the normalization Swift's own `==` uses, available
  /// without Foundation, and NFKC would also merge text a learner may mean to keep apart
  /// (full-width and half-width forms, superscript digits).
  var titleKey: String { wordbookTitleKey.canonicalTerm }
}
