import Testing
import Wordbook
import WordbookSQLite

/// The ``WordService`` implementations the contract suite runs against.
enum ServiceKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case inMemory
  case sqlite

  var testDescription: String { rawValue }

  /// A new, empty service, and the folder its file lives in (kept alive by the caller).
  func make() throws -> (service: any WordService, folder: TemporaryFolder) {
    let folder = try TemporaryFolder()
    switch self {
    case .inMemory:
      return (InMemoryWordService(), folder)
    case .sqlite:
      return (try SQLiteWordService(path: folder.file("wordbook.sqlite")), folder)
    }
  }
}
