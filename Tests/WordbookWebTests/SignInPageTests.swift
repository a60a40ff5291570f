import Testing
import Wordbook

@testable import WordbookWeb

/// The sign-in page puts back the name a learner typed: whatever the name, it stays text.
@Suite struct SignInPageTests {
  /// The echoed name cannot leave its attribute, however it is joined.
  @Test func theEchoedNameStaysInItsAttribute() throws {
    let name = "mina\"\u{301} autofocus onfocus=\"alert(1)\u{301}><\u{301}b>"
    guard case .bytes(let body) = SignInPage.response(.english, name: name).body else {
      Issue.record("the sign-in page is not plain bytes")
      return
    }
    let page = String(decoding: body, as: UTF8.self)
    // To a browser, which reads scalars, the field has its four attributes' quotes and no more.
    let field = try #require(page.firstMatch(of: /<input id="name"[^\n]*\n/)).0
    #expect(field.unicodeScalars.count { $0 == "\"" } == 8, "\(field)")
    let bytes = Array(page.utf8)
    let joined = Array("<\u{301}".utf8)
    #expect(!bytes.indices.contains { bytes[$0...].starts(with: joined) })
  }
}
