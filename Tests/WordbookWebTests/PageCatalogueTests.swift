import Foundation
import Testing
import Wordbook
import WordbookTestSupport

@testable import WordbookWeb

/// The web front end's part of the catalogue: every text in English and in Korean, naming the
/// same values, and the server's refusals read as the page's own texts do.
@Suite struct PageCatalogueTests {
  private static let refusals: [ServerRefusal] = [
    .foreignHost, .foreignOrigin, .missingToken, .notFound(path: "/marker"),
    .methodNotAllowed(method: "PUT", path: "/marker"), .sessionEnded, .stopping,
    .tooManyPages(limit: 4242), .tooManyPagesOfLearner(limit: 4242), .actionNotJSON,
    .commandNotJSON, .unknownAction(reason: "marker reason"),
    .unknownCommand(reason: "marker reason"), .actionNotFromPage,
    .commandNotFromPage(name: "markerCommand"), .answerTooLong(limit: 4242), .signedOut,
    .noBookForChart, .marksNotSaved, .ratingsNotJSON, .unknownRatings(reason: "marker reason"),
    .tooManyRatings(limit: 4242), .ratingAhead(minutes: 4242), .ratingTooOld(days: 4242),
  ]
  private static let markers = ["/marker", "PUT", "4242", "marker reason", "markerCommand"]

  private static func hasHangul(_ text: String) -> Bool {
    text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }
  }

  @Test func everyRefusalIsWordedInBothLanguagesWithItsValues() {
    var seen: Set<String> = []
    for refusal in Self.refusals {
      let english = Language.english.pageCatalogue.sentence(refusal)
      let korean = Language.korean.pageCatalogue.sentence(refusal)
      #expect(!Self.hasHangul(english) && Self.hasHangul(korean), "\(refusal)")
      for marker in Self.markers where english.contains(marker) {
        #expect(korean.contains(marker), "\(refusal): \(korean)")
      }
      #expect(seen.insert(english).inserted, "\(refusal) says what another refusal says")
    }
  }

  @Test func everyServerErrorIsWordedInBothLanguages() {
    let errors: [WebServerError] = [
      .libraryMissing("libmicrohttpd.so.12: marker reason"), .cannotListen("marker reason"),
      .daemonNotStarted(port: 4242), .invalidPeer("/marker"),
      .invalidCertificate(.notACertificate), .invalidCertificate(.notAKey),
      .invalidCertificate(.refused), .tlsUnsupported,
    ]
    let names = [
      "GNU", "libmicrohttpd12", "libmicrohttpd", "apt-get install", "brew install", "Debian",
      "Ubuntu", "macOS", "Homebrew", "http://HOST:PORT", "HTTPS", "PEM", "GnuTLS", "TLS",
      "openssl req -x509 -newkey rsa:2048 -nodes -keyout key.pem -out cert.pem",
      "wordbook serve",
    ]
    for error in errors {
      CatalogueCheck.expectBoth(
        error.message(in: .english), error.message(in: .korean),
        values: Self.markers + ["libmicrohttpd.so.12: marker reason"], names: names)
    }
  }

  @Test func theSignInPageIsWordedInBothLanguages() {
    let english = Language.english.pageCatalogue.signInTexts
    let korean = Language.korean.pageCatalogue.signInTexts
    #expect(english.tooSoon(2).contains("2") && korean.tooSoon(2).contains("2"))
    for text in [korean.title, korean.refused, korean.signedOut, korean.unavailable] {
      #expect(Self.hasHangul(text), "\(text)")
    }
    #expect(!Self.hasHangul(english.title + english.refused + english.unavailable))
  }

  /// The typing and speech controls read in each language, the proposal naming its rating.
  @Test func theTypingAndSpeechTextsAreInBothLanguages() {
    let english = Language.english.pageCatalogue.pageTexts
    let korean = Language.korean.pageCatalogue.pageTexts
    let texts = { (texts: PageTexts) in
      [
        texts.typing, texts.typeTheAnswer, texts.check, texts.typedAnswer, texts.expectedAnswer,
        texts.proposedRating, texts.ratingAgain, texts.ratingHard, texts.ratingGood,
        texts.ratingEasy, texts.say, texts.sayNewCards, texts.cannotSay,
      ]
    }
    #expect(texts(english).allSatisfy { !$0.isEmpty && !Self.hasHangul($0) })
    #expect(texts(korean).allSatisfy(Self.hasHangul))
    #expect(
      english.proposedRating.contains("{rating}") && korean.proposedRating.contains("{rating}"))
    #expect([english.typing, korean.typing] == ["Type", "답 입력"])
  }

  /// A page whose session has gone shows what the server answered: one sentence, not two.
  @Test func theEndOfASessionReadsTheSameOnThePageAndFromTheServer() {
    for language in Language.allCases {
      let catalogue = language.pageCatalogue
      #expect(catalogue.pageTexts.sessionEnded == catalogue.sentence(.sessionEnded))
    }
  }
}

/// The server answers a refusal in the browser's language.
@Suite(.enabled(if: WebTestEnvironment.hasLibrary, WebTestEnvironment.libraryReason))
@MainActor
struct ServerRefusalLanguageTests {
  @Test func refusalsFollowTheBrowsersLanguage() async throws {
    try await TestLibrary.with(terms: []) { library in
      for language in Language.allCases {
        let headers = ["Cookie": library.cookie, "Accept-Language": language.rawValue]
        let missing = try await PlainHTTP.send("GET", library.base + "/nowhere", headers: headers)
        #expect(missing.status == 404)
        #expect(
          missing.body == language.pageCatalogue.sentence(.notFound(path: "/nowhere")) + "\n")
        let cards = try await PlainHTTP.send("GET", library.base + "/cards", headers: headers)
        #expect(cards.status == 404)
        #expect(cards.body == language.pageCatalogue.pageTexts.sessionEnded + "\n")
      }
    }
  }
}
