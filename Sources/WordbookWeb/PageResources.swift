#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The page's files, served from memory.
struct PageResources: Sendable {
  struct File: Sendable {
    var contentType: String
    var data: Data
  }

  private var files: [String: File] = [:]

  /// The path of each file, its type and its bytes, compiled into the binary.
  static let catalog: [(path: String, type: String, bytes: [UInt8])] = [
    ("/", "text/html; charset=utf-8", PackageResources.index_html),
    ("/app.css", "text/css; charset=utf-8", PackageResources.app_css),
    ("/app.js", "text/javascript; charset=utf-8", PackageResources.app_js),
    ("/editor.js", "text/javascript; charset=utf-8", PackageResources.editor_js),
    ("/texts.js", "text/javascript; charset=utf-8", PackageResources.texts_js),
    ("/books.js", "text/javascript; charset=utf-8", PackageResources.books_js),
    ("/focus.js", "text/javascript; charset=utf-8", PackageResources.focus_js),
    ("/answer.js", "text/javascript; charset=utf-8", PackageResources.answer_js),
    ("/speech.js", "text/javascript; charset=utf-8", PackageResources.speech_js),
    ("/offline.js", "text/javascript; charset=utf-8", PackageResources.offline_js),
    ("/outbox.js", "text/javascript; charset=utf-8", PackageResources.outbox_js),
    ("/menu.js", "text/javascript; charset=utf-8", PackageResources.menu_js),
    ("/sw.js", "text/javascript; charset=utf-8", PackageResources.sw_js),
    ("/manifest.webmanifest", "application/manifest+json", PackageResources.manifest_webmanifest),
    ("/icon-192.png", "image/png", PackageResources.icon_192_png),
    ("/icon-512.png", "image/png", PackageResources.icon_512_png),
  ]

  /// Every file of ``catalog``.
  static func load() -> PageResources {
    var resources = PageResources()
    for entry in catalog {
      resources.files[entry.path] = File(contentType: entry.type, data: Data(entry.bytes))
    }
    return resources
  }

  /// The file served at `path`, if any.
  func file(at path: String) -> File? { files[path] }
}
