import Foundation
import Testing
import WordbookTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Arguments that are not UTF-8 are refused, never read with their bytes replaced: before, two
/// different EUC-KR titles both became U+FFFD and named the same book.
@Suite struct ProcessArgumentsTests {
  /// 수박 and 포도 in EUC-KR.
  private static let watermelon: [UInt8] = [188, 246, 185, 218]
  private static let grapes: [UInt8] = [198, 247, 181, 181]

  @Test func anArgumentThatIsNotUTF8IsAUsageErrorNamingItsPosition() async throws {
    let runner = try WordbookProcess()
    defer { runner.removeFolder() }
    let db = Array("--db".utf8)
    let path = Array(runner.databasePath.utf8)
    let created = try run(runner, [db, path, Array("new-book".utf8), Self.watermelon])
    #expect(created.status == 2)
    #expect(
      created.error
        == "wordbook: argument 4 is not UTF-8 text; give it in UTF-8 (for example, convert it "
        + "with iconv)\n")
    let deleted = try run(
      runner, [db, path, Array("delete-book".utf8), Self.grapes, Array("--yes".utf8)])
    #expect(deleted.status == 2)
    #expect(deleted.error.contains("argument 4 is not UTF-8 text"))
    let books = try await runner.run(["--db", runner.databasePath, "books"])
    #expect(books.output == "1\tKorean basics\t12\n")
  }

  @Test func theKoreanMessageNamesThePositionToo() async throws {
    let runner = try WordbookProcess()
    defer { runner.removeFolder() }
    let outcome = try run(
      runner, [Array("books".utf8), Self.grapes], environment: ["LANG": "ko_KR.UTF-8"])
    #expect(outcome.status == 2)
    #expect(outcome.error.contains("2번째 인자가 UTF-8 텍스트가 아닙니다"))
  }

  /// Runs `wordbook` with arguments given as bytes, which no Swift `String` can hold.
  private func run(
    _ runner: WordbookProcess, _ arguments: [[UInt8]], environment extra: [String: String] = [:]
  ) throws -> WordbookProcess.Outcome {
    let errorFile = runner.folder.appendingPathComponent("error-\(UUID().uuidString).txt").path
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, errorFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    SpawnedDescriptors.closeInherited(in: &actions)
    let executable = WordbookProcess.executable.path
    let argv: [UnsafeMutablePointer<CChar>?] =
      [strdup(executable)]
      + arguments.map { bytes in
        let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
        for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
        copy[bytes.count] = 0
        return copy
      } + [nil]
    let environment = runner.environment.merging(extra) { $1 }.map { strdup("\($0)=\($1)") } + [nil]
    defer {
      free(argv[0])
      for pointer in argv.dropFirst() { pointer?.deallocate() }
      for pointer in environment { free(pointer) }
    }
    var pid = pid_t()
    try #require(posix_spawn(&pid, executable, &actions, nil, argv, environment) == 0)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return WordbookProcess.Outcome(
      status: (status >> 8) & 0xff, output: "",
      error: try String(contentsOfFile: errorFile, encoding: .utf8))
  }
}
