import Wordbook

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The flashcard reader's and writer's sentences in English.
extension EnglishCatalogue: InterchangeCatalogue {
  func sentence(_ error: FlashcardReadError) -> String {
    switch error {
    case .invalidUTF8(let offset, let line):
      "the file is not UTF-8: invalid byte at offset \(offset) (line \(line)); "
        + "save it as UTF-8 and import it again"
    case .unsupportedSeparator(let separator):
      separator.isEmpty
        ? "the separator is empty"
        : "the separator \"\(separator)\" is not a single ASCII character, "
          + "which CSV, TSV and Anki files need"
    case .invalidColumn(let column):
      "column \(column) does not exist: columns are numbered from 1"
    case .unknownColumn(let name, let header?):
      "no column is named \"\(name)\" in the header row (\(FlashcardReadError.list(header)))"
    case .unknownColumn(let name, nil):
      "the column \"\(name)\" is chosen by name, but the file is read without a header row"
    case .ambiguousColumns(let fields):
      "the first row has \(fields.count) columns (\(FlashcardReadError.list(fields))) and no "
        + "header naming the term and meaning columns; choose them by number or header name"
    case .sqlScript:
      "the file is an SQL script (it starts with SQL statements), not a list of cards; export "
        + "the words as CSV or TSV, or give the format to read it as one anyway"
    case .readFailed(let number):
      "cannot read the file (\(String(cString: strerror(number)))); check it is a readable file"
    case .stopped:
      "the reading was stopped before the end of the file"
    }
  }

  func sentence(_ error: FlashcardWriteError) -> String {
    switch error {
    case .separatorInField(let row, let separator):
      "card \(row) contains the separator \"\(separator)\", which Quizlet cannot quote; "
        + "choose another separator or export as CSV"
    case .unsupportedSeparator(let separator):
      "the separator \"\(separator)\" is not a single ASCII character other than a quote "
        + "or a line break"
    }
  }

  func clause(_ reason: LineProblem.Reason) -> String {
    let names = (tab: "(tab)", newline: "(newline)", space: "(space)")
    return switch reason {
    case .missingSeparator(let separator):
      "no separator \(reason.visible(separator, names: names)) between term and meaning"
    case .tooManySeparators(let found, let separator):
      "\(found) separators \(reason.visible(separator, names: names)) where one is expected"
    case .tooManyFields(let found, let expected):
      "\(found) fields where at most \(expected) are expected"
    case .tooFewFields(let found, let expected):
      "\(found) fields where at least \(expected) are needed"
    case .emptyTerm:
      "the term is empty"
    case .unknownStudyState(let text):
      "\"\(text)\" is not a study state (success, fail or notStudied)"
    case .invalidImageName(let text):
      "\"\(text)\" is not a picture's file name (no folder, no leading dot)"
    case .unterminatedQuote:
      "a quoted field is never closed"
    case .tooLong(let limit):
      "longer than \(reason.size(limit, bytes: " bytes")); it was skipped (split it, or check "
        + "the file is text)"
    }
  }

  func sentence(_ problem: LineProblem, file: String) -> String {
    let text = problem.text.isEmpty ? "" : " (“\(problem.text)”)"
    return "\(file), line \(problem.line)\(text): \(clause(problem.reason))"
  }
}
