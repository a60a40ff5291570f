import Foundation
import StoreCore
import Testing
import Wordbook
import WordbookTerminal

/// The page runs the study screen the terminal runs: its commands reach the same place.
@Suite(.enabled(if: WebTestEnvironment.hasLibrary, WebTestEnvironment.libraryReason))
@MainActor
struct StudyScreenCommandsTests {
  /// How long the server may take to answer on a machine busy with the other tests.
  private static let patience = Duration.seconds(60)

  /// Each step as a terminal key and as the command the page posts for the same key.
  private static let steps: [(key: Character, command: String)] = [
    ("j", "next"), ("j", "next"), ("l", "good"), ("k", "previous"), ("G", "last"),
    ("h", "again"), ("3", "good"), ("g", "first"), ("1", "again"), ("2", "hard"),
    ("m", "toggleStudyMode"), ("j", "next"), ("G", "last"), ("4", "easy"), ("k", "previous"),
    ("s", "shuffle"), ("j", "next"),
  ]

  @Test func theSameCommandsThroughTheTerminalAndThePageReachTheSamePlace() async throws {
    try await TestLibrary.with(terms: (1...7).map { "term \($0)" }) { library in
      let memory = InMemoryWordService(
        books: [
          (library.book.title, library.words.map { WordDraft(term: $0.term, meaning: $0.meaning) })
        ])
      let terminal = Store(
        initialState: StudyScreen(app: AppState(seed: 1)),
        reducer: StudyScreenReducer(app: AppReducer(service: memory)))
      terminal.send(.app(.books(.view(.loadBooks))))
      await terminal.settle()
      #expect(terminal.state.app.visibleWords.count == 7)

      // A loaded machine running the other tests may keep the server waiting for a while.
      let page = try await Page(library, patience: Self.patience)
      defer { page.stream.close() }
      try await page.open(library.book.id)
      for (index, step) in Self.steps.enumerated() {
        let wasOver = terminal.state.app.session.round.isOver
        terminal.send(.key(.character(step.key), pageSize: 10))
        await terminal.settle()
        let expected = terminal.state.screen.cards
        let isOver = terminal.state.app.session.round.isOver
        // A rating is answered once the database has it (200); any other command, or a rating
        // of a round that is over (which rates nothing), at once.
        let rates = ["again", "hard", "good", "easy"].contains(step.command) && !wasOver
        #expect(try await page.command(#"{"command":"\#(step.command)"}"#) == (rates ? 200 : 202))
        let same = try await WebTestEnvironment.waitUntil(timeout: Self.patience) {
          _ = try await page.stream.read(timeout: .milliseconds(50)) { _ in false }
          let place = try page.screen()
          return place?.cursor == expected.cursor && place?.isRoundOver == isOver
        }
        #expect(same, "step \(index): \(step.command), the terminal at \(expected.cursor)")
      }
      #expect(terminal.state.screen.cards.cursor == 1)
    }
  }

  @Test func aCommandThePageMayNotPostIsRefusedAndChangesNothing() async throws {
    try await TestLibrary.with { library in
      let page = try await Page(library, patience: Self.patience)
      defer { page.stream.close() }
      try await page.open(library.book.id)
      #expect(try await page.command(#"{"command":"next"}"#) == 202)
      for body in [
        #"{"command":"quit"}"#, #"{"command":"chooseBook"}"#, #"{"command":"moveTo"}"#,
        #"{"command":"setStudyMode","mode":"sideways"}"#, #"{"kind":"next"}"#, "[]",
      ] {
        #expect(try await page.command(body) == 400, "\(body)")
      }
      for (body, cursor, status) in [
        (#"{"command":"moveTo","position":99}"#, 11, 202),
        // A card swiped in the list: it becomes the current card, and the rating moves on,
        // answered once it is saved.
        (#"{"command":"good","position":5}"#, 6, 200),
      ] {
        #expect(try await page.command(body) == status)
        let reached = try await WebTestEnvironment.waitUntil(timeout: Self.patience) {
          _ = try await page.stream.read(timeout: .milliseconds(50)) { _ in false }
          return try page.screen()?.cursor == cursor
        }
        #expect(reached, "\(body)")
      }
      let rated = try await WebTestEnvironment.waitUntil(timeout: Self.patience) {
        try await library.service.fetchWords(in: library.book.id).count {
          $0.studyState == .success
        }
          == 1
      }
      #expect(rated)
    }
  }
}
