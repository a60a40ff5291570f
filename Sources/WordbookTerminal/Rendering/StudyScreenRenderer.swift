import Wordbook

/// Draws the study screen: a pure function from the store's state, the screen's state and the
/// window size to lines of text.
///
/// Every piece of user text (titles, terms, meanings, error messages that quote them) is
/// escaped with `escapedForTerminal` and measured in terminal columns, so wide
/// characters keep the columns aligned and no word can send the terminal a command.
///
/// ```swift
/// let renderer = StudyScreenRenderer(messages: .english, color: false)
/// let lines = renderer.render(store.state, screen: StudyScreenState(),
///                             size: TerminalSize(columns: 80, rows: 24))
/// ```
public struct StudyScreenRenderer: Sendable {
  /// The language of the screen.
  public var messages: Messages
  /// Whether to draw colours and other styles; off for `NO_COLOR`.
  public var color: Bool

  /// The smallest window the screen is drawn in.
  public static let minimumSize = TerminalSize(columns: 24, rows: 7)

  /// Creates a renderer.
  public init(messages: Messages, color: Bool) {
    self.messages = messages
    self.color = color
  }

  /// The screen as lines of text, each at most `size.columns` wide, at most `size.rows` of
  /// them, with style sequences when ``color`` is on.
  public func render(_ state: AppState, screen: StudyScreenState, size: TerminalSize) -> [String] {
    lines(state, screen: screen, size: size).map { $0.rendered(width: size.columns, color: color) }
  }

  /// The screen as styled lines; see ``render(_:screen:size:)``.
  public func lines(_ state: AppState, screen: StudyScreenState, size: TerminalSize)
    -> [StyledLine]
  {
    guard size.columns >= Self.minimumSize.columns, size.rows >= Self.minimumSize.rows else {
      return [StyledLine(messages.windowTooSmall)]
    }
    let bodyRows = size.rows - 5
    let rule = StyledLine(String(repeating: "─", count: size.columns), style: .secondary)
    var lines = [header(state, width: size.columns), rule]
    var body: [StyledLine]
    if screen.overlay == .help {
      body = help(rows: bodyRows, width: size.columns)
    } else if screen.showsPicker(state) {
      body = picker(state, screen: screen, rows: bodyRows, width: size.columns)
    } else if state.session.round.isOver {
      body = summary(state.session.round)
    } else {
      body = wordList(state, screen: screen, rows: bodyRows, width: size.columns)
    }
    body = Array(body.prefix(bodyRows))
    lines += body + Array(repeating: StyledLine(), count: bodyRows - body.count)
    // An error (a blank term refused) shows above an open prompt, which keeps the last line.
    let aboveStatus =
      screen.prompt != nil && state.lastError != nil
      ? errorLine(state) : counts(state, screen: screen)
    lines += [rule, aboveStatus, status(state, screen: screen, width: size.columns)]
    return lines
  }

  /// How many cards the word list shows in a window of `size`: what PgUp and PgDn move by.
  func listRows(_ state: AppState, screen: StudyScreenState, size: TerminalSize) -> Int {
    let bodyRows = max(size.rows - 5, 1)
    let detail = detailLines(state, screen: screen, rows: bodyRows, width: size.columns)
    return max(bodyRows - (detail.isEmpty ? 0 : detail.count + 1), 1)
  }

  private func header(_ state: AppState, width: Int) -> StyledLine {
    var mode = "\(messages.modeLabel): \(messages.text(.name(of: state.session.words.mode)))"
    if state.session.words.mode == .due { mode += " · " + dueSummary(state) }
    if state.session.isReversed { mode += " · " + messages.text(.meaningFirst) }
    if let query = state.session.words.searchQuery {
      mode +=
        " · " + messages.text(.search) + ": " + query.escapedForTerminal.truncated(toColumns: 16)
    }
    var title = messages.text(.appName)
    if let book = state.selectedBook { title += " · " + book.title.escapedForTerminal }
    let titleWidth = max(width - mode.terminalColumns - 2, 1)
    var line = StyledLine(title.fitted(toColumns: titleWidth), style: .emphasis)
    line.append("  " + mode)
    return line
  }

  /// What the Due round has left, as *New · Learning · Due*, and when the next word falls due
  /// once none is left; or how far reading the schedule got.
  private func dueSummary(_ state: AppState) -> String {
    switch state.session.schedule.status {
    case .notLoaded, .loading: return messages.text(.dueReading)
    case .failed: return messages.text(.dueFailed)
    case .loaded: break
    }
    guard state.session.round.isScheduled else {
      return messages.text(
        .roundLeft, ["count": Messages.grouped(state.session.round.counts.total)])
    }
    let counts = state.session.round.counts
    let next =
      state.session.round.current == nil
      ? state.session.schedule.upcomingDue.map { messages.text(.dueNext, ["when": $0.iso8601]) }
      : nil
    return messages.text(
      .roundCounts,
      [
        "new": Messages.grouped(counts.new), "learning": Messages.grouped(counts.learning),
        "due": Messages.grouped(counts.due),
      ]) + (next ?? "")
  }

  /// The summary of a round that is over: what was known and missed, and the keys that study
  /// again the ones missed, or all of them.
  private func summary(_ round: StudyRound) -> [StyledLine] {
    let counts = messages.text(
      .roundSummary,
      [
        "known": Messages.grouped(round.knownCount),
        "notKnown": Messages.grouped(round.missed.count),
      ])
    var lines = [
      StyledLine(messages.text(.roundOver), style: .emphasis), StyledLine(), StyledLine(counts),
      StyledLine(),
    ]
    if !round.missed.isEmpty { lines.append(StyledLine("  f  " + messages.text(.restudyMissed))) }
    lines.append(StyledLine("  o  " + messages.text(.restudyRound)))
    return lines
  }

  /// The keys, in two columns when one does not fit the window's height.
  private func help(rows: Int, width: Int) -> [StyledLine] {
    // The study screen's keys, as the page lists them too, then those of a text field.
    var keys = StudyKeyMap.rows.map { (keys: $0.keys, action: $0.help.text(in: messages.language)) }
    keys.append(messages.fieldKeys)
    let keyWidth = keys.map(\.keys.terminalColumns).max() ?? 0
    let entries = keys.map { "  " + $0.keys.fitted(toColumns: keyWidth) + "  " + $0.action }
    var lines = [StyledLine(messages.helpTitle, style: .emphasis)]
    guard entries.count > rows - 1 else { return lines + entries.map { StyledLine($0) } }
    let half = (entries.count + 1) / 2
    let columnWidth = width / 2
    for row in 0..<half {
      let right = row + half < entries.count ? entries[row + half] : ""
      lines.append(StyledLine(entries[row].fitted(toColumns: columnWidth) + right))
    }
    return lines
  }

  private func picker(_ state: AppState, screen: StudyScreenState, rows: Int, width: Int)
    -> [StyledLine]
  {
    switch state.picker {
    case .loading:
      return [StyledLine(messages.text(.booksLoading), style: .secondary)]
    case .failed(let error):
      let reason = messages.describe(.service(error)).escapedForTerminal
      return [
        StyledLine(
          messages.text(.booksFailed, ["reason": reason]) + " " + messages.retryBooks,
          style: .error)
      ]
    case .empty:
      return [StyledLine(messages.text(.booksEmpty) + " " + messages.createBookHint)]
    case .chooseOne(let books):
      return bookList(
        books, roundCounts: state.list.roundCounts, screen: screen, selected: nil, rows: rows,
        width: width)
    case .chosen(let book):
      return bookList(
        state.list.books, roundCounts: state.list.roundCounts, screen: screen, selected: book.id,
        rows: rows, width: width)
    }
  }

  /// The books, one a row: the ID right-aligned, the title (`*` after the open book's), and
  /// the word count right-aligned in a column after the longest title.
  private func bookList(
    _ books: [WordBook], roundCounts: [WordBook.ID: RoundCounts], screen: StudyScreenState,
    selected: WordBook.ID?, rows: Int, width: Int
  ) -> [StyledLine] {
    let idWidth = books.map { "#\($0.id)".count }.max() ?? 0
    let titles = books.map { $0.title.escapedForTerminal + ($0.id == selected ? " *" : "") }
    let counts = books.map { book in
      messages.wordCount(book.wordCount)
        + (roundCounts[book.id].map { "  " + roundCountsText($0) } ?? "")
    }
    let countWidth = counts.map(\.terminalColumns).max() ?? 0
    let titleWidth = min(
      titles.map(\.terminalColumns).max() ?? 0, max(width - idWidth - countWidth - 6, 1))
    let visibleRows = max(rows - 2, 1)
    let top = Self.scrollTop(cursor: screen.pickerCursor, count: books.count, rows: visibleRows)
    var lines = [StyledLine(messages.chooseBook, style: .secondary), StyledLine()]
    for index in books.indices.dropFirst(top).prefix(visibleRows) {
      let isCursor = index == screen.pickerCursor
      var line = StyledLine(isCursor ? "› " : "  ", style: .emphasis)
      let id = "#\(books[index].id)"
      line.append(String(repeating: " ", count: idWidth - id.count) + id + "  ")
      let title = titles[index].truncated(toColumns: titleWidth)
      line.append(title, style: isCursor ? .selected : .plain)
      let gap = titleWidth - title.terminalColumns + countWidth - counts[index].terminalColumns
      line.append(String(repeating: " ", count: gap + 2) + counts[index], style: .secondary)
      lines.append(line)
    }
    return lines
  }

  private func wordList(_ state: AppState, screen: StudyScreenState, rows: Int, width: Int)
    -> [StyledLine]
  {
    switch state.session.wordsStatus {
    case .notLoaded, .loading:
      return [StyledLine(messages.text(.wordsLoading), style: .secondary)]
    case .failed(let error):
      return [StyledLine(messages.describe(.service(error)).escapedForTerminal, style: .error)]
    case .loaded:
      break
    }
    if state.session.words.isEmpty { return [StyledLine(messages.emptyBook)] }
    let visible = state.visibleWords
    if visible.isEmpty {
      return [
        StyledLine(
          state.session.words.searchQuery == nil ? messages.noWordsInMode : messages.noSearchMatch)
      ]
    }
    let cursor = screen.cards.position(in: state)
    let detail = detailLines(state, screen: screen, rows: rows, width: width)
    let listRows = max(rows - (detail.isEmpty ? 0 : detail.count + 1), 1)
    let numberWidth = String(visible.count).count
    let textWidth = max(width - numberWidth - 7, 1)
    let top = Self.scrollTop(cursor: cursor, count: visible.count, rows: listRows)
    var lines: [StyledLine] = []
    for position in visible.indices.dropFirst(top).prefix(listRows) {
      let word = visible[position]
      let number = String(position + 1)
      let isBack = state.face(of: word.id) == .back
      // The side showing is named in text as well as colour, so NO_COLOR keeps it.
      let shown =
        isBack
        ? messages.backLabel + Self.oneLine(side(of: word, back: true, state)).escapedForTerminal
        : Self.oneLine(side(of: word, back: false, state)).escapedForTerminal
      let style: TextStyle =
        switch word.studyState {
        case .success: .success
        case .fail: .fail
        case .notStudied: .plain
        }
      var line = StyledLine(position == cursor ? "› " : "  ", style: .emphasis)
      line.append(String(repeating: " ", count: numberWidth - number.count) + number + "  ")
      // A card with a picture is marked beside its text: the terminal cannot show the picture.
      let marker = word.imageReference == nil ? "" : " " + Self.pictureMarker
      line.append(
        shown.fitted(toColumns: max(textWidth - marker.terminalColumns, 1)),
        style: position == cursor && style == .plain ? .selected : style)
      if !marker.isEmpty { line.append(marker, style: .emphasis) }
      line.append(" ")
      line.append(Self.symbol(word.studyState), style: style)
      lines.append(line)
    }
    guard !detail.isEmpty else { return lines }
    lines += Array(repeating: StyledLine(), count: listRows - lines.count)
    lines.append(StyledLine(messages.backLabel, style: .secondary))
    return lines + detail.map { StyledLine("  " + $0) }
  }

  /// The text on one side of a word's card: the term in front unless the session studies
  /// the reverse way.
  private func side(of word: Word, back: Bool, _ state: AppState) -> String {
    back != state.session.isReversed ? word.meaning : word.term
  }

  /// The whole back of the current card, wrapped to the window, when it shows its back: at
  /// most half the body's rows, the last one cut with `…` when it does not fit.
  private func detailLines(_ state: AppState, screen: StudyScreenState, rows: Int, width: Int)
    -> [String]
  {
    guard state.session.wordsStatus == .loaded, !screen.showsPicker(state), screen.overlay == .none
    else { return [] }
    let visible = state.visibleWords
    guard !visible.isEmpty else { return [] }
    let word = visible[screen.cards.position(in: state)]
    guard state.face(of: word.id) == .back else { return [] }
    let wrapped = side(of: word, back: true, state).wrapped(toColumns: width - 2)
    let limit = max((rows - 1) / 2, 1)
    guard wrapped.count > limit else { return wrapped }
    var shown = Array(wrapped.prefix(limit))
    shown[limit - 1] = (shown[limit - 1] + " …").truncated(toColumns: width - 2)
    return shown
  }

  /// A card's text on one row: its lines (a meaning's list items) joined with ` / `, blank
  /// ones dropped, so a line break never reaches the row as `^J`.
  static func oneLine(_ text: String) -> String {
    guard text.contains(where: \.isNewline) else { return text }
    return text.split(whereSeparator: \.isNewline)
      .map { String($0).trimmingWhitespace() }
      .filter { !$0.isEmpty }
      .joined(separator: " / ")
  }

  /// The mark of a card that has a picture.
  static let pictureMarker = "▣"

  private static func symbol(_ state: StudyState) -> String {
    switch state {
    case .success: "✓"
    case .fail: "✗"
    case .notStudied: "·"
    }
  }

  /// A Due round's counts, as *New · Learning · Due*.
  private func roundCountsText(_ counts: RoundCounts) -> String {
    messages.text(
      .roundCounts,
      [
        "new": Messages.grouped(counts.new), "learning": Messages.grouped(counts.learning),
        "due": Messages.grouped(counts.due),
      ])
  }

  /// The first row to show so the cursor stays in view, centred when it can be.
  static func scrollTop(cursor: Int, count: Int, rows: Int) -> Int {
    guard count > rows else { return 0 }
    return min(max(cursor - rows / 2, 0), count - rows)
  }

  private func counts(_ state: AppState, screen: StudyScreenState) -> StyledLine {
    let tally = state.tally
    let visibleCount = state.visibleWords.count
    let position = visibleCount == 0 ? 0 : screen.cards.position(in: state) + 1
    var line = StyledLine("\(messages.cardLabel) \(position)/\(visibleCount)   ")
    line.append("\(messages.text(.known)) \(tally.success)", style: .success)
    line.append("   ")
    line.append("\(messages.text(.notKnown)) \(tally.fail)", style: .fail)
    line.append("   \(messages.text(.notStudied)) \(tally.notStudied)")
    return line
  }
}
