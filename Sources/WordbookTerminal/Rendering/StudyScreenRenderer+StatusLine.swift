import Wordbook

extension StudyScreenRenderer {
  /// The status line: the prompt being typed, a question, the quitting state, a notice, an
  /// error or the hint, in that order.
  func status(_ state: AppState, screen: StudyScreenState, width: Int) -> StyledLine {
    if let prompt = screen.prompt { return promptLine(prompt, screen: screen, width: width) }
    if let question = screen.question {
      let text =
        switch question {
        case .deleteWord(let id):
          messages.text(
            .deleteWordQuestion, ["term": (state.session.words[id]?.term ?? "").escapedForTerminal])
        case .deleteBook(let id):
          deleteBookQuestion(state.list.books.first { $0.id == id }, id: id)
        }
      return StyledLine(text + " " + messages.answerKeys, style: .error)
    }
    if screen.cards.isQuitting {
      if state.hasUnsavedMarks {
        return StyledLine(messages.savingMarks(state.marksBeingSaved), style: .secondary)
      }
      if !state.session.unsavedMarks.isEmpty {
        return StyledLine(messages.marksNotSaved(state.session.unsavedMarks.count), style: .error)
      }
      return StyledLine(messages.text(.saving), style: .secondary)
    }
    if let notice = screen.cards.notice { return StyledLine(text(of: notice, state)) }
    if state.lastError != nil { return errorLine(state) }
    if state.session.isSavingWord { return StyledLine(messages.text(.saving), style: .secondary) }
    if screen.cards.awaitsTypedAnswer(in: state) {
      return promptLine(.answer(""), screen: screen, width: width)
    }
    if let checked = screen.cards.checkedAnswer { return comparison(checked.result) }
    return StyledLine(messages.hint, style: .secondary)
  }

  /// The question before deleting the book `id`, which may have gone from the list meanwhile.
  private func deleteBookQuestion(_ book: WordBook?, id: WordBook.ID) -> String {
    messages.text(
      .deleteBookQuestion,
      [
        "id": "\(id)", "title": (book?.title ?? "").escapedForTerminal,
        "words": messages.wordCount(book?.wordCount ?? 0),
      ])
  }

  /// The error in the store's state, with its prefix and how to dismiss it.
  func errorLine(_ state: AppState) -> StyledLine {
    guard let error = state.lastError else { return StyledLine() }
    return StyledLine(
      messages.errorPrefix + messages.describe(error).escapedForTerminal + messages.errorSuffix,
      style: .error)
  }

  private func text(of notice: StudyCards.Notice, _ state: AppState) -> String {
    let term = { (id: Word.ID) in
      (state.session.words[id]?.term ?? "").escapedForTerminal.truncated(toColumns: 30)
    }
    return switch notice {
    case .undid(let change): messages.undid(term(change.wordID), change.state)
    case .redid(let change): messages.redid(term(change.wordID), change.state)
    case .nothingToUndo: messages.describe(.nothingToUndo)
    case .nothingToRedo: messages.describe(.nothingToRedo)
    }
  }

  /// The prompt's label and text with its cursor: the character under it in reverse video
  /// (after a `▏` without colour), or `_` at the end. A text too long for the line loses its
  /// start, so the cursor stays in view.
  private func promptLine(_ prompt: StudyScreenState.Prompt, screen: StudyScreenState, width: Int)
    -> StyledLine
  {
    let label: String =
      switch prompt {
      case .term: messages.termPrompt
      case .meaning(let term, _): "\(term.escapedForTerminal) · " + messages.meaningPrompt
      case .bookTitle: messages.titlePrompt
      case .editTerm: messages.editTermPrompt
      case .editMeaning(_, let term, _):
        "\(term.escapedForTerminal) · " + messages.editMeaningPrompt
      case .search: messages.text(.search) + ": "
      case .renameBook: messages.renamePrompt
      case .answer: messages.text(.typeTheAnswer) + ": "
      }
    let (before, after) = screen.promptTextAroundCursor ?? ("", "")
    var line = StyledLine(label, style: .emphasis)
    let room = max(width - label.terminalColumns - 2, 1)
    line.append(Self.lastColumns(before.escapedForTerminal, room))
    guard let under = after.first else {
      line.append("_")
      return line
    }
    if !color { line.append("▏") }
    line.append(String(under).escapedForTerminal, style: .selected)
    line.append(String(after.dropFirst()).escapedForTerminal)
    return line
  }

  /// A typed answer beside the expected one, each wrong or missing character in brackets (and
  /// in colour), then the rating it proposes and how to take it.
  private func comparison(_ answer: TypedAnswer) -> StyledLine {
    var line = StyledLine()
    func append(_ marks: [TypedAnswer.Mark], style: TextStyle) {
      for mark in marks {
        let character = String(mark.character).escapedForTerminal
        if mark.kind == .right {
          line.append(character)
        } else {
          line.append("[" + character + "]", style: style)
        }
      }
    }
    append(answer.typedMarks, style: .fail)
    line.append(" → ", style: .secondary)
    append(answer.expectedMarks, style: .success)
    let rating = messages.text(.name(of: answer.proposal))
    line.append("   " + messages.text(.proposedRating, ["rating": rating]), style: .emphasis)
    return line
  }

  /// The end of `text` that fits in `columns`, after a `…` when the start is cut.
  static func lastColumns(_ text: String, _ columns: Int) -> String {
    guard text.terminalColumns > columns else { return text }
    var kept: [Character] = []
    var used = 1
    for character in text.reversed() {
      used += character.terminalColumns
      if used > columns { break }
      kept.append(character)
    }
    return "…" + String(kept.reversed())
  }
}
