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
  ///
  /// Text of scalars below U+0300 (Latin-1 and the Latin extensions) and precomposed Hangul
  /// syllables is returned as it is without normalizing: each of those scalars is its own
  /// canonical form and combines with none of the others (the combining marks and the
  /// conjoining jamo lie outside both ranges), so the text already is in Normalization Form C.
  package var canonicalTerm: String {
    if utf8.allSatisfy({ $0 < 0x80 }) { return self }
    if unicodeScalars.allSatisfy({ $0.value < 0x300 || (0xAC00...0xD7A3).contains($0.value) }) {
      return self
    }
    return String(decoding: _nfcCodeUnits, as: UTF8.self)
  }
}
