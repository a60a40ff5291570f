import Testing
import Wordbook
import WordbookTesting

/// The public contract suite, `WordServiceContract`, against every service this package ships:
/// each requirement on a new, empty service of each kind.
@Suite struct WordServiceContractTests {
  @Test(arguments: ServiceKind.allCases, WordServiceContract.requirements)
  func everyServiceKeepsTheContract(
    kind: ServiceKind, requirement: WordServiceContract.Requirement
  ) async throws {
    let (service, folder) = try await kind.make()
    defer { withExtendedLifetime(folder) {} }
    try await requirement.check(service)
  }

  /// A scripted service with nothing scripted answers as the service it wraps.
  @Test(arguments: WordServiceContract.requirements)
  func aScriptedServiceKeepsTheContract(requirement: WordServiceContract.Requirement)
    async throws
  {
    try await requirement.check(ScriptedWordService(wrapping: InMemoryWordService()))
  }
}
