import Testing
import WordbookSQLite

@Suite struct SQLiteWordServiceLocationTests {
  @Test func wordbookDBWins() {
    let path = SQLiteWordService.defaultLocation(environment: [
      "WORDBOOK_DB": "/data/mine.sqlite", "XDG_DATA_HOME": "/xdg", "HOME": "/home/mina",
    ])
    #expect(path == "/data/mine.sqlite")
  }

  @Test func xdgDataHomeIsNext() {
    let path = SQLiteWordService.defaultLocation(environment: [
      "WORDBOOK_DB": "", "XDG_DATA_HOME": "/xdg/", "HOME": "/home/mina",
    ])
    #expect(path == "/xdg/wordbook/wordbook.sqlite")
  }

  @Test func homeIsTheFallback() {
    let relative = SQLiteWordService.defaultLocation(environment: [
      "XDG_DATA_HOME": "relative/data", "HOME": "/home/mina",
    ])
    #expect(relative == "/home/mina/.local/share/wordbook/wordbook.sqlite")
    let unset = SQLiteWordService.defaultLocation(environment: ["HOME": "/home/mina"])
    #expect(unset == relative)
  }
}
