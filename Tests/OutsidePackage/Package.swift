// swift-tools-version: 6.0
import PackageDescription

// An app developer's package outside Wordbook: its own `WordService`, checked by the public
// contract suite, and its own feature composed with `AppState`. `.ci/run` runs its tests.
let package = Package(
  name: "ArchivingService",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [.package(name: "Wordbook", path: "../..")],
  targets: [
    .target(
      name: "ArchivingService", dependencies: [.product(name: "Wordbook", package: "Wordbook")]),
    .testTarget(
      name: "ArchivingServiceTests",
      dependencies: [
        "ArchivingService",
        .product(name: "StoreCore", package: "Wordbook"),
        .product(name: "StoreTesting", package: "Wordbook"),
        .product(name: "Wordbook", package: "Wordbook"),
        .product(name: "WordbookTesting", package: "Wordbook"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
