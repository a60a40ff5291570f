import Foundation
import Testing
import Wordbook

/// What a program posting typed answers and speech commands itself may do: an answer is
/// bounded, an answer the screen does not ask for changes nothing, and the learner's switches
/// and books' languages reach the page as the server keeps them.
@Suite(.enabled(if: WebTestEnvironment.hasLibrary, WebTestEnvironment.libraryReason))
@MainActor
struct TypedAnswerRequestTests {
  /// How long the server may take to answer on a machine busy with the other tests.
  private static let patience = Duration.seconds(60)

  @Test func anAnswerLongerThanAThousandCharactersIsRefusedAndChangesNothing() async throws {
    try await TestLibrary.with { library in
      let page = try await Page(library, patience: Self.patience)
      defer { page.close() }
      try await page.open(library.book.id)
      #expect(try await page.command(#"{"command":"toggleTyping"}"#) == 202)
      #expect(try await Self.lastScreen(of: page) { $0.typing.isOn })
      let tooLong = String(repeating: "가", count: 1001)
      let answer = try await PlainHTTP.send(
        "POST", library.base + "/commands?session=\(page.session)",
        headers: library.pageHeaders,
        body: Data(#"{"command":"checkTypedAnswer","answer":"\#(tooLong)"}"#.utf8),
        timeout: Self.patience.seconds)
      #expect(answer.status == 413)
      #expect(answer.body == "An answer has at most 1000 characters.\n")
      // Refused before the session saw it: no screen has a checked answer.
      #expect(try Self.screens(of: page).allSatisfy { $0.typing.checked == nil })
      // The longest answer taken is checked.
      let longest = String(repeating: "가", count: 1000)
      #expect(
        try await page.command(#"{"command":"checkTypedAnswer","answer":"\#(longest)"}"#) == 202)
      #expect(
        try await Self.lastScreen(of: page) {
          $0.typing.checked?.proposal == "again" && !$0.typing.awaitsAnswer
        })
    }
  }

  @Test func anAnswerTheScreenDoesNotAskForChangesNothing() async throws {
    try await TestLibrary.with { library in
      let page = try await Page(library, patience: Self.patience)
      defer { page.close() }
      let check = #"{"command":"checkTypedAnswer","answer":"meaning of term 1"}"#
      // No book is open: no card to answer.
      #expect(try await page.command(check) == 202)
      try await page.open(library.book.id)
      // Typing is off.
      #expect(try await page.command(check) == 202)
      // A typed answer may not be posted without its text.
      #expect(try await page.command(#"{"command":"checkTypedAnswer"}"#) == 400)
      #expect(try await page.command(#"{"command":"next"}"#) == 202)
      #expect(try await Self.lastScreen(of: page) { $0.cursor == 1 })
      let screens = try Self.screens(of: page)
      #expect(screens.allSatisfy { $0.typing.checked == nil && !$0.typing.isOn })
      #expect(
        try await page.window(first: 2)?.cards.compactMap(\.state) == [
          "not-studied", "not-studied",
        ])
      for word in library.words {
        #expect(try await library.service.fetchReviews(of: word.id).isEmpty)
      }
    }
  }

  @Test func theSwitchesAreKeptAndTheNextPageOpensWithThem() async throws {
    try await TestLibrary.with { library in
      let first = try await Page(library, patience: Self.patience)
      defer { first.close() }
      try await first.open(library.book.id)
      #expect(try await first.command(#"{"command":"toggleTyping"}"#) == 202)
      #expect(try await first.command(#"{"command":"toggleSayingNewCards"}"#) == 202)
      #expect(
        try await WebTestEnvironment.waitUntil(timeout: Self.patience) {
          try await library.service.studyPreferences()
            == StudyPreferences(typingBooks: [library.book.id], saysNewCards: true)
        })
      let second = try await Page(library, patience: Self.patience)
      defer { second.close() }
      try await second.open(library.book.id)
      #expect(
        try await Self.lastScreen(of: second) {
          $0.typing.isOn && $0.typing.awaitsAnswer && $0.speech.saysNewCards
            && $0.speech.last?.text.hasPrefix("term ") == true
        })
    }
  }

  @Test func theSideShownIsSaidInTheLanguageSetForIt() async throws {
    try await TestLibrary.with(drafts: [WordDraft(term: "ねこ", meaning: "chat")]) { library in
      try await library.service.setSpeechLanguage("ja-JP", of: .term, in: library.book.id)
      try await library.service.setSpeechLanguage("fr-FR", of: .meaning, in: library.book.id)
      let page = try await Page(library, patience: Self.patience)
      defer { page.close() }
      try await page.open(library.book.id)
      #expect(try await page.command(#"{"command":"say"}"#) == 202)
      #expect(
        try await Self.lastScreen(of: page) {
          $0.speech.last == Said(number: 1, text: "ねこ", language: "ja-JP")
        })
      // Turned over, the meaning is said, in its own language.
      #expect(try await page.command(#"{"command":"flip"}"#) == 202)
      #expect(try await page.command(#"{"command":"say"}"#) == 202)
      #expect(
        try await Self.lastScreen(of: page) {
          $0.speech.last == Said(number: 2, text: "chat", language: "fr-FR")
        })
    }
  }

  /// The parts of a `screen` event these tests read.
  struct Screen: Decodable {
    var cursor: Int
    var typing: Typing
    var speech: Speech

    struct Typing: Decodable {
      var isOn: Bool
      var awaitsAnswer: Bool
      var checked: Checked?
    }

    struct Checked: Decodable {
      var proposal: String
    }

    struct Speech: Decodable {
      var saysNewCards: Bool
      var last: Said?
    }
  }

  struct Said: Decodable, Equatable {
    var number: Int
    var text: String
    var language: String
  }

  /// Every `screen` event the page's stream has brought so far.
  static func screens(of page: Page) throws -> [Screen] {
    try page.stream.text.matches(of: /event: screen\ndata: (\{[^\n]*\})/).map {
      try JSONDecoder().decode(Screen.self, from: Data($0.output.1.utf8))
    }
  }

  /// Waits until the page's last `screen` event satisfies `condition`.
  static func lastScreen(of page: Page, _ condition: (Screen) -> Bool) async throws -> Bool {
    try await WebTestEnvironment.waitUntil(timeout: patience) {
      _ = try await page.stream.read(timeout: .milliseconds(50)) { _ in false }
      return try screens(of: page).last.map(condition) ?? false
    }
  }
}
