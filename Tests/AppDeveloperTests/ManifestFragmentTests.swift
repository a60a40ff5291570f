import Foundation
import Testing

/// The `Package.swift` fragments of the README and the DocC articles, as written there, type-
/// checked against just enough of PackageDescription's shape (which a test cannot import), and
/// checked against this package's own manifest: each product they name is one it declares.
@Suite struct ManifestFragmentTests {
  /// The parts of PackageDescription the fragments use.
  enum Manifest {
    struct Dependency {
      var url: String
      var branch: String

      static func package(url: String, branch: String) -> Dependency {
        Dependency(url: url, branch: branch)
      }
    }

    struct Product: ExpressibleByStringLiteral {
      var name: String
      var package: String?

      init(stringLiteral name: String) {
        self.name = name
      }

      init(name: String, package: String?) {
        self.name = name
        self.package = package
      }

      static func product(name: String, package: String) -> Product {
        Product(name: name, package: package)
      }
    }

    struct Target {
      var name: String
      var dependencies: [Product]
      var exclude: [String]
      var isTest: Bool

      static func target(name: String, dependencies: [Product] = []) -> Target {
        Target(name: name, dependencies: dependencies, exclude: [], isTest: false)
      }

      static func testTarget(
        name: String, dependencies: [Product] = [], exclude: [String] = []
      ) -> Target {
        Target(name: name, dependencies: dependencies, exclude: exclude, isTest: true)
      }
    }

    struct Package {
      var dependencies: [Dependency]
      var targets: [Target]
    }
  }

  /// The libraries this package's manifest declares.
  static let libraries: Set<String> = {
    let manifest = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Package.swift")
    let text = (try? String(contentsOf: manifest, encoding: .utf8)) ?? ""
    let prefix = ".library(name: \""
    return Set(
      text.components(separatedBy: prefix).dropFirst().compactMap {
        $0.split(separator: "\"").first.map(String.init)
      })
  }()

  /// Whether every product taken from the `wordbook` package is one of its libraries, and the
  /// package is the one the dependency's URL names.
  static func namesRealProducts(_ package: Manifest.Package) -> Bool {
    let fromWordbook = package.targets.flatMap(\.dependencies).filter { $0.package != nil }
    let names = package.dependencies.map {
      ($0.url.split(separator: "/").last ?? "").replacingOccurrences(of: ".git", with: "")
    }
    return !fromWordbook.isEmpty
      && fromWordbook.allSatisfy { names.contains($0.package ?? "") && libraries.contains($0.name) }
  }

  @Test func theManifestDeclaresItsLibraries() {
    #expect(
      Self.libraries.isSuperset(of: ["StoreCore", "StoreTesting", "Wordbook", "WordbookTesting"]))
  }

  /// README.md, "Use it as a library".
  @Test func theReadmesFragment() {
    // swift-format-ignore
    let package = Manifest.Package(
      dependencies: [
        .package(url: "https://example.com/wordbook.git", branch: "main"),
      ],
      targets: [
        .target(name: "MyApp", dependencies: [.product(name: "Wordbook", package: "wordbook")]),
      ]
    )
    #expect(Self.namesRealProducts(package))
  }

  /// `Wordbook.docc/TestingAFrontEndsCore.md`, the app's manifest.
  @Test func theFrontEndArticlesFragment() {
    // swift-format-ignore
    let package = Manifest.Package(
      // Package.swift of the app
      dependencies: [.package(url: "https://example.com/wordbook.git", branch: "main")],
      targets: [
        .target(name: "MyApp", dependencies: [.product(name: "Wordbook", package: "wordbook")]),
        .testTarget(
          name: "MyAppTests",
          dependencies: [
            "MyApp",
            .product(name: "Wordbook", package: "wordbook"),
            .product(name: "StoreTesting", package: "wordbook"),
          ],
          exclude: ["__Snapshots__"]),
      ]
    )
    #expect(Self.namesRealProducts(package))
    #expect(package.targets.filter(\.isTest).allSatisfy { $0.exclude == ["__Snapshots__"] })
  }

  /// `StoreTesting.docc/TestingAReducer.md`, "Snapshot a state": the snapshots kept out of the
  /// test target.
  @Test func theReducerArticlesFragment() {
    let targets: [Manifest.Target] = [
      .testTarget(
        name: "TodosTests", dependencies: ["Todos", "StoreTesting"], exclude: ["__Snapshots__"])
    ]
    #expect(targets[0].exclude == ["__Snapshots__"])
    #expect(
      targets[0].dependencies.map(\.name).allSatisfy {
        $0 == "Todos" || Self.libraries.contains($0)
      })
  }
}
