import Foundation

/// The page's files, read once from the package's resources when the server starts.
struct PageResources: Sendable {
  struct File: Sendable {
    var contentType: String
    var data: Data
  }

  private var files: [String: File] = [:]

  /// The path of each file and its type.
  static let catalog: [(path: String, name: String, type: String)] = [
    ("/", "index.html", "text/html; charset=utf-8"),
    ("/app.css", "app.css", "text/css; charset=utf-8"),
    ("/app.js", "app.js", "text/javascript; charset=utf-8"),
    ("/editor.js", "editor.js", "text/javascript; charset=utf-8"),
    ("/texts.js", "texts.js", "text/javascript; charset=utf-8"),
  ]

  /// Reads every file of ``catalog``.
  ///
  /// - Throws: ``WebServerError/resourcesMissing(_:)`` naming the first file not found.
  static func load() throws(WebServerError) -> PageResources {
    var resources = PageResources()
    for entry in catalog {
      let parts = entry.name.split(separator: ".")
      guard
        let url = Bundle.module.url(
          forResource: String(parts[0]), withExtension: String(parts[1]),
          subdirectory: "Resources"),
        let data = try? Data(contentsOf: url)
      else { throw .resourcesMissing(entry.name) }
      resources.files[entry.path] = File(contentType: entry.type, data: data)
    }
    return resources
  }

  /// The file served at `path`, if any.
  func file(at path: String) -> File? { files[path] }
}
