import Testing
import WordbookWeb

/// The key of a one-learner server's address, as it is kept and read back.
@Suite struct PageKeyTests {
  @Test func aKeyReadsBackFromItsText() throws {
    let key = PageKey()
    #expect(key.description.count == 96)
    #expect(PageKey(key.description) == key)
    #expect(PageKey() != key)
  }

  @Test(arguments: [
    "", String(repeating: "a", count: 95), String(repeating: "a", count: 97),
    String(repeating: "A", count: 96), String(repeating: "g", count: 96),
    String(repeating: "a", count: 95) + " ", String(repeating: "a", count: 94) + "é",
  ])
  func anythingElseIsNoKey(text: String) {
    #expect(PageKey(text) == nil)
  }
}
