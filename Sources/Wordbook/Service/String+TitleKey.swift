extension String {
  /// `wordbookTitleKey` (the title trimmed and lowercased, which the domain compares with `==`)
  /// in Normalization Form C, so that equal keys are equal bytes and a database can compare them.
  ///
  /// So "TOEIC 800", " toeic 800 " and a decomposed spelling of an accented title are one
  /// title. NFC rather than NFKC: it is the normalization Swift's own `==` uses, available
  /// without Foundation, and NFKC would also merge text a learner may mean to keep apart
  /// (full-width and half-width forms, superscript digits).
  package var titleKey: String { wordbookTitleKey.canonicalTerm }

  /// The term in Normalization Form C, which two strings share exactly when Swift's `==`
  /// calls them equal (canonical equivalence).
  ///
  /// The standard library's own normalization, the one `==` and hashing use, so a match by
  /// these bytes is a match by `==`; Foundation's would add a dependency and could follow
  /// another Unicode version.
  package var canonicalTerm: String {
    if utf8.allSatisfy({ $0 < 0x80 }) { return self }
    return String(decoding: _nfcCodeUnits, as: UTF8.self)
  }
}
