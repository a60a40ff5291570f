// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Wordbook",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "StoreCore", targets: ["StoreCore"]),
    .library(name: "StoreTesting", targets: ["StoreTesting"]),
    .library(name: "Wordbook", targets: ["Wordbook"]),
    .library(name: "WordbookTesting", targets: ["WordbookTesting"]),
    .library(name: "WordbookInterchange", targets: ["WordbookInterchange"]),
    .library(name: "WordbookAnki", targets: ["WordbookAnki"]),
    .library(name: "WordbookSQLite", targets: ["WordbookSQLite"]),
    .library(name: "WordbookPostgres", targets: ["WordbookPostgres"]),
    .library(name: "WordbookTerminal", targets: ["WordbookTerminal"]),
    .library(name: "WordbookWeb", targets: ["WordbookWeb"]),
    .executable(name: "wordbook", targets: ["WordbookCLI"]),
    .executable(name: "WordbookBenchmarks", targets: ["WordbookBenchmarks"]),
  ],
  targets: [
    // The generic Redux-style runtime: knows nothing of words.
    .target(name: "StoreCore"),
    .target(name: "StoreTesting", dependencies: ["StoreCore"]),

    // The product: one AppState, its reducer and the WordService it talks to.
    .target(name: "Wordbook", dependencies: ["StoreCore"]),
    .target(name: "WordbookInterchange", dependencies: ["Wordbook"]),
    // For an app's tests: the WordService contract suite and a scripted service.
    .target(name: "WordbookTesting", dependencies: ["StoreCore", "Wordbook"]),

    // Adapters around the domain.
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
    ),
    .target(name: "WordbookSQLite", dependencies: ["StoreCore", "Wordbook", "CSQLite"]),
    // Many learners on one server: the same service over PostgreSQL, through libpq.
    // libpq (the libpq5 package) is opened at run time, on the first PostgreSQL call.
    .target(name: "CLibPQ", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
    .target(name: "WordbookPostgres", dependencies: ["StoreCore", "Wordbook", "CLibPQ"]),
    .systemLibrary(
      name: "CZlib",
      pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
    ),
    // Anki's .apkg packages: a zip (zlib), an SQLite collection, zstd loaded at run time.
    .target(
      name: "WordbookAnki",
      dependencies: ["StoreCore", "Wordbook", "WordbookInterchange", "CSQLite", "CZlib"]
    ),
    // libmicrohttpd, opened at run time so that a machine without it still builds and runs
    // every other command.
    .target(
      name: "CMicroHTTPD", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
    .target(
      name: "WordbookWeb",
      dependencies: ["CMicroHTTPD", "StoreCore", "Wordbook", "WordbookInterchange"],
      // Compiled into the binary: `wordbook` is one file wherever it is copied, and reads its
      // page without Foundation's bundles.
      resources: [
        .embedInCode("Resources/index.html"), .embedInCode("Resources/app.css"),
        .embedInCode("Resources/app.js"), .embedInCode("Resources/editor.js"),
        .embedInCode("Resources/texts.js"), .embedInCode("Resources/books.js"),
        .embedInCode("Resources/focus.js"), .embedInCode("Resources/sw.js"),
        .embedInCode("Resources/answer.js"), .embedInCode("Resources/speech.js"),
        .embedInCode("Resources/offline.js"), .embedInCode("Resources/outbox.js"),
        .embedInCode("Resources/menu.js"),
        .embedInCode("Resources/manifest.webmanifest"), .embedInCode("Resources/icon-192.png"),
        .embedInCode("Resources/icon-512.png"),
      ]
    ),
    .target(
      name: "WordbookTerminal",
      dependencies: [
        "StoreCore", "Wordbook", "WordbookAnki", "WordbookInterchange", "WordbookPostgres",
        "WordbookSQLite", "WordbookWeb",
      ]
    ),
    // A command's time is mostly its start: linking the Swift runtime and Foundation into the
    // release binary halves the dynamic linker's work (issue 29).
    .executableTarget(
      name: "WordbookCLI", dependencies: ["WordbookTerminal"],
      swiftSettings: [
        .unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))
      ],
      linkerSettings: [
        .unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))
      ]
    ),

    .executableTarget(
      name: "WordbookBenchmarks",
      dependencies: [
        "CLibPQ", "StoreCore", "Wordbook", "WordbookInterchange", "WordbookSQLite",
        "WordbookTerminal", "WordbookTesting",
      ],
      path: "Benchmarks/WordbookBenchmarks"
    ),

    .testTarget(name: "StoreCoreTests", dependencies: ["StoreCore"]),
    .testTarget(
      name: "WordbookTestingTests", dependencies: ["StoreCore", "Wordbook", "WordbookTesting"]),
    .testTarget(
      name: "StoreTestingTests",
      dependencies: ["StoreCore", "StoreTesting"],
      exclude: ["Logs", "__Snapshots__"]
    ),
    .testTarget(
      name: "WordbookTests",
      dependencies: [
        "StoreCore", "StoreTesting", "Wordbook", "WordbookTestSupport", "WordbookTesting",
      ],
      exclude: [
        "Logs", "Scheduling/fsrs-oracle.py", "Scheduling/Fitting/fsrs-rs-oracle.py",
        "__Snapshots__",
      ]
    ),
    .testTarget(
      name: "WordbookInterchangeTests",
      dependencies: ["Wordbook", "WordbookInterchange", "WordbookTestSupport"]
    ),
    .testTarget(
      name: "WordbookAnkiTests",
      dependencies: ["CSQLite", "CZlib", "Wordbook", "WordbookAnki", "WordbookTestSupport"],
      exclude: ["Decks"]
    ),
    .testTarget(
      name: "WordbookSQLiteTests",
      dependencies: [
        "CSQLite", "StoreCore", "Wordbook", "WordbookPostgres", "WordbookSQLite",
        "WordbookTestSupport", "WordbookTesting", "SQLiteCrashWorker",
      ]
    ),
    .testTarget(
      name: "WordbookPostgresTests",
      dependencies: [
        "StoreCore", "Wordbook", "WordbookPostgres", "WordbookTestSupport", "WordbookTesting",
      ]
    ),
    .executableTarget(
      name: "SQLiteCrashWorker",
      dependencies: ["Wordbook", "WordbookSQLite"],
      path: "Tests/SQLiteCrashWorker"
    ),
    // What more than one test target drives: another process holding the database's lock, a
    // throwaway PostgreSQL server.
    .target(
      name: "WordbookTestSupport", dependencies: ["CLibPQ", "StoreCore", "Wordbook"],
      path: "Tests/WordbookTestSupport"),
    .testTarget(
      name: "WordbookTerminalTests",
      dependencies: [
        "StoreCore", "StoreTesting", "Wordbook", "WordbookSQLite", "WordbookTerminal",
        "WordbookCLI", "WordbookTestSupport", "WordbookTesting",
      ],
      exclude: ["__Snapshots__"]
    ),
    // An app developer's tests: Wordbook, StoreTesting and WordbookTesting imported as another
    // package would, without @testable.
    .testTarget(
      name: "AppDeveloperTests",
      dependencies: ["StoreCore", "StoreTesting", "Wordbook", "WordbookTesting"],
      exclude: ["Logs", "__Snapshots__"]
    ),
    .testTarget(name: "WordbookBenchmarksTests", dependencies: ["WordbookTestSupport"]),
    .testTarget(
      name: "WordbookWebTests",
      dependencies: [
        "StoreCore", "Wordbook", "WordbookPostgres", "WordbookSQLite", "WordbookTerminal",
        "WordbookTestSupport", "WordbookTesting", "WordbookWeb",
      ]
    ),
    // Random action sequences, fault injection and fuzz-found inputs across the modules.
    .testTarget(
      name: "ReliabilityTests",
      dependencies: ["StoreCore", "Wordbook", "WordbookInterchange", "WordbookSQLite"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
