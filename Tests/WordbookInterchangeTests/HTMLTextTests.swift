import Testing
import WordbookInterchange

@Suite struct HTMLTextTests {
  @Test func listItemsBecomeLinesWithTheirBulletsOrNumbers() {
    #expect(
      HTMLText.plainText("<ul><li>to eat</li><li>to drink</li></ul>") == "• to eat\n• to drink")
    #expect(
      HTMLText.plainText("Verbs:<ol>\n  <li>to take</li>\n  <li>to <b>hold</b></li>\n</ol>after")
        == "Verbs:\n1. to take\n2. to hold\nafter")
  }

  @Test func nestedListsIndentAndCountEachLevel() {
    let html = "<ol><li>one<ul><li>a</li><li>b</li></ul></li><li>two</li></ol>"
    #expect(HTMLText.plainText(html) == "1. one\n  • a\n  • b\n2. two")
  }

  @Test func breaksAndBlocksStayLines() {
    #expect(HTMLText.plainText("apple<br>fruit") == "apple\nfruit")
    #expect(HTMLText.plainText("<div>a</div><div>b</div>") == "a\nb")
    #expect(HTMLText.plainText("a  \n b") == "a b")
  }
}
