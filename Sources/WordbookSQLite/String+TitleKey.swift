extension String {
  /// The form under which two wordbook titles are the same title: without surrounding white
  /// space, lowercased, in Normalization Form C.
  ///
  /// So "TOEIC 800", " toeic 800 " and a decomposed spelling of an accented title are one
  /// title. NFC rather than NFKC: it is the normalization Swift's own `==` uses, available
  /// without Foundation, and NFKC would also merge text a learner may mean to keep apart
  /// (full-width and half-width forms, superscript digits).
  var titleKey: String {
    let lowered = trimmedTitle.lowercased()
    if lowered.utf8.allSatisfy({ $0 < 0x80 }) { return lowered }
    return String(decoding: lowered._nfcCodeUnits, as: UTF8.self)
  }

  /// The string without leading and trailing white space and newlines.
  var trimmedTitle: String {
    var slice = Substring(self)
    while let first = slice.first, first.isWhitespace { slice.removeFirst() }
    while let last = slice.last, last.isWhitespace { slice.removeLast() }
    return String(slice)
  }
}
