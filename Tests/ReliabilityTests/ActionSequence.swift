@testable import Wordbook

/// One step of a random session: something the learner does, or something the network does
/// (answer a call, deliver an answer late, repeat an old answer, send a bogus one).
///
/// Steps name words and books by abstract picks resolved against the state when they run, so a
/// sequence stays meaningful when the shrinker removes steps before it.
enum Move: Hashable, Sendable, CustomStringConvertible {
  /// A word or book: the n-th one that exists (modulo their number), or an ID that doesn't.
  enum Pick: Hashable, Sendable {
    case existing(UInt32)
    case unknown(Int64)
  }

  /// A result action the service never sent.
  enum Bogus: Hashable, Sendable, CaseIterable {
    case booksFailed
    case marksFailed
    case unknownWordDeleted
    case wordsFailed
  }

  // Learner actions.
  case createBook(blank: Bool)
  case deleteBook(Pick)
  case deleteWord(Pick)
  case dismissError
  case editWord(Pick, termKind: UInt8)
  case flip(Pick)
  case loadBooks
  case markFail(Pick)
  case markSuccess(Pick)
  case redo
  case renameBook(Pick, titleKind: UInt8)
  case resetMark(Pick)
  case retryUnsavedMarks
  case saveWord(termKind: UInt8)
  case selectBook(Pick)
  case setSearchQuery(UInt8)
  case setStudyMode(StudyMode)
  case shuffle
  case toggleReverse
  case toggleStudyMode
  case undo
  // Network events.
  case answer(UInt32, fails: Bool)
  case deliver(UInt32)
  case inject(Bogus)
  case redeliverStale(UInt32)

  var description: String {
    switch self {
    case .createBook(let blank): "createBook(blank: \(blank))"
    case .deleteBook(let pick): "deleteBook(\(pick))"
    case .deleteWord(let pick): "deleteWord(\(pick))"
    case .dismissError: "dismissError"
    case .editWord(let pick, let kind): "editWord(\(pick), termKind: \(kind))"
    case .flip(let pick): "flip(\(pick))"
    case .loadBooks: "loadBooks"
    case .markFail(let pick): "markFail(\(pick))"
    case .markSuccess(let pick): "markSuccess(\(pick))"
    case .redo: "redo"
    case .renameBook(let pick, let kind): "renameBook(\(pick), titleKind: \(kind))"
    case .resetMark(let pick): "resetMark(\(pick))"
    case .retryUnsavedMarks: "retryUnsavedMarks"
    case .saveWord(let kind): "saveWord(termKind: \(kind))"
    case .selectBook(let pick): "selectBook(\(pick))"
    case .setSearchQuery(let kind): "setSearchQuery(\(kind))"
    case .setStudyMode(let mode): "setStudyMode(.\(mode))"
    case .shuffle: "shuffle"
    case .toggleReverse: "toggleReverse"
    case .toggleStudyMode: "toggleStudyMode"
    case .undo: "undo"
    case .answer(let index, let fails): "answer(#\(index), fails: \(fails))"
    case .deliver(let index): "deliver(#\(index))"
    case .inject(let bogus): "inject(.\(bogus))"
    case .redeliverStale(let index): "redeliverStale(#\(index))"
    }
  }

  /// Whether the step feeds the reducer an answer the service never gave for a pending call.
  var isBogus: Bool {
    switch self {
    case .inject, .redeliverStale: true
    default: false
    }
  }

  /// A random sequence of `length` steps.
  ///
  /// - Parameters:
  ///   - length: The number of steps.
  ///   - network: Whether to include network events (answers, late deliveries, bogus results).
  ///   - bogus: Whether network events may include results the service never sent.
  ///   - generator: The seeded source of randomness.
  static func randomSequence(
    length: Int, network: Bool, bogus: Bool, using generator: inout SplitMix64
  ) -> [Move] {
    (0..<length).map { _ in random(network: network, bogus: bogus, using: &generator) }
  }

  private static func random(network: Bool, bogus: Bool, using generator: inout SplitMix64)
    -> Move
  {
    func pick() -> Pick {
      generator.next(below: 12) == 0
        ? .unknown(Int64(generator.next(below: 1000)) + 10_000)
        : .existing(UInt32(truncatingIfNeeded: generator.next()))
    }
    let roll = generator.next(below: network ? 108 : 70)
    switch roll {
    case 0..<10: return .markSuccess(pick())
    case 10..<20: return .markFail(pick())
    case 20..<24: return .resetMark(pick())
    case 24..<30: return .flip(pick())
    case 30..<34: return .shuffle
    case 34..<37: return .toggleStudyMode
    case 37..<39:
      return .setStudyMode(StudyMode.allCases[Int(generator.next(below: 3))])
    case 39..<44: return .undo
    case 44..<48: return .redo
    case 48..<51: return .selectBook(pick())
    case 51..<52: return .loadBooks
    case 52..<56: return .saveWord(termKind: UInt8(generator.next(below: 8)))
    case 56..<58: return .deleteWord(pick())
    case 58..<59: return .createBook(blank: generator.next(below: 3) == 0)
    case 59..<61: return .dismissError
    case 61..<62: return .retryUnsavedMarks
    case 62..<65: return .editWord(pick(), termKind: UInt8(generator.next(below: 8)))
    case 65..<67: return .setSearchQuery(UInt8(generator.next(below: 6)))
    case 67..<68: return .toggleReverse
    case 68..<69: return .renameBook(pick(), titleKind: UInt8(generator.next(below: 4)))
    case 69..<70:
      // Rarer than the rest: three books are soon gone.
      return generator.next(below: 2) == 0 ? .deleteBook(pick()) : .createBook(blank: false)
    case 70..<88:
      return .answer(
        UInt32(truncatingIfNeeded: generator.next()), fails: generator.next(below: 4) == 0)
    case 88..<103: return .deliver(UInt32(truncatingIfNeeded: generator.next()))
    default:
      guard bogus else { return .deliver(UInt32(truncatingIfNeeded: generator.next())) }
      if generator.next(below: 2) == 0 {
        return .redeliverStale(UInt32(truncatingIfNeeded: generator.next()))
      }
      return .inject(Bogus.allCases[Int(generator.next(below: UInt64(Bogus.allCases.count)))])
    }
  }

  /// The action a learner step sends in `state`, or `nil` for a network event.
  func learnerAction(in state: AppState) -> AppAction? {
    func word(_ pick: Pick) -> Word.ID {
      let words = state.session.words
      guard case .existing(let index) = pick, !words.isEmpty else {
        if case .unknown(let raw) = pick { return Word.ID(raw) }
        return Word.ID(99_999)
      }
      return words.allWords[Int(index) % words.count].id
    }
    func book(_ pick: Pick) -> WordBook.ID {
      switch pick {
      case .existing(let index) where !state.list.books.isEmpty:
        return state.list.books[Int(index) % state.list.books.count].id
      case .unknown(let raw): return WordBook.ID(raw)
      case .existing: return WordBook.ID(99_999)
      }
    }
    func term(_ kind: UInt8) -> String {
      let blanks = ["", " \t ", "\n"]
      return blanks.indices.contains(Int(kind)) ? blanks[Int(kind)] : "new \(kind)"
    }
    switch self {
    case .createBook(let blank): return .books(.view(.createBook(title: blank ? "  " : "Book")))
    case .deleteBook(let pick): return .books(.view(.deleteBook(book(pick))))
    case .deleteWord(let pick): return .study(.view(.deleteWord(word(pick))))
    case .dismissError: return .dismissError
    case .editWord(let pick, let kind):
      return .study(
        .view(.editWord(word(pick), term: term(kind), meaning: "edited \(kind)\nline two")))
    case .flip(let pick): return .study(.view(.flip(word(pick))))
    case .loadBooks: return .books(.view(.loadBooks))
    case .markFail(let pick): return .study(.view(.markFail(word(pick))))
    case .markSuccess(let pick): return .study(.view(.markSuccess(word(pick))))
    case .redo: return .study(.view(.redo))
    case .renameBook(let pick, let kind):
      let titles = ["  ", "verbs", "Nouns"]
      let title = titles.indices.contains(Int(kind)) ? titles[Int(kind)] : "Renamed \(kind)"
      return .books(.view(.renameBook(book(pick), title: title)))
    case .resetMark(let pick): return .study(.view(.resetMark(word(pick))))
    case .retryUnsavedMarks: return .study(.view(.retryUnsavedMarks))
    case .saveWord(let kind):
      return .study(.view(.saveWord(term: term(kind), meaning: "meaning \(kind)")))
    case .selectBook(let pick): return .books(.view(.selectBook(book(pick))))
    case .setSearchQuery(let kind):
      let queries: [String?] = [nil, " ", "VERB", "1", "thing", "zzz"]
      return .study(.view(.setSearchQuery(queries[Int(kind) % queries.count])))
    case .setStudyMode(let mode): return .study(.view(.setStudyMode(mode)))
    case .shuffle: return .study(.view(.shuffle))
    case .toggleReverse: return .study(.view(.toggleReverse))
    case .toggleStudyMode: return .study(.view(.toggleStudyMode))
    case .undo: return .study(.view(.undo))
    case .answer, .deliver, .inject, .redeliverStale: return nil
    }
  }
}

/// The books every random session starts with: a full one, a small one and an empty one.
let reliabilityBooks: [(title: String, words: [WordDraft])] = [
  ("Verbs", (1...8).map { WordDraft(term: "verb \($0)", meaning: "to do \($0)") }),
  (
    "Nouns",
    (1...5).map {
      WordDraft(term: "noun \($0)", meaning: "thing \($0)", studyState: $0 == 2 ? .fail : .success)
    }
  ),
  ("Empty", []),
]
